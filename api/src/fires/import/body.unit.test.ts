import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from './body.ts';

/** A request body arriving in `chunks`. */
function sent(chunks: string[]): PassThrough {
  const payload = new PassThrough();
  setImmediate(() => {
    for (const chunk of chunks) payload.write(chunk);
    payload.end();
  });
  return payload;
}

describe("the import's request body", () => {
  it('is read into one buffer of the declared length, its own (moved to the worker without a copy)', async () => {
    const bytes = await readBody(sent(['agency_code,', 'agency_fire_id\n', 'bc,1\n']), '32', 100);
    expect(bytes.toString()).toBe('agency_code,agency_fire_id\nbc,1\n');
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(32);
  });

  it('is gathered in chunks when no length is declared', async () => {
    const bytes = await readBody(sent(['a,b\n', '1,2\n']), undefined, 100);
    expect(bytes.toString()).toBe('a,b\n1,2\n');
  });

  it('is refused with 413 over the limit, declared or not, and with 400 when shorter or longer than declared', async () => {
    await expect(readBody(sent(['x']), '101', 100)).rejects.toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    await expect(readBody(sent(['x'.repeat(60), 'x'.repeat(60)]), undefined, 100)).rejects.toMatchObject({
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    await expect(readBody(sent(['x'.repeat(10)]), '20', 100)).rejects.toMatchObject({
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
      statusCode: 400,
    });
    await expect(readBody(sent(['x'.repeat(30)]), '20', 100)).rejects.toMatchObject({
      code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    });
  });
});
