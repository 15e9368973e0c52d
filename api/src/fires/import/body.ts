import type { Readable } from 'node:stream';
import { errorCodes } from 'fastify';

/**
 * The import's request body as one buffer, read as Fastify's `parseAs: 'buffer'` reads it (the
 * route's limit, the same refusals) but straight into one buffer of the declared Content-Length
 * as the bytes arrive: Fastify keeps every chunk, then copies them into one buffer, so that the
 * largest file (63 MB) took twice its size at that moment. The buffer is the body's alone, so it
 * moves to the import's worker without a copy (check.ts). A body without a declared length
 * (chunked) is gathered in chunks as Fastify does.
 */
export function readBody(
  payload: Readable & { receivedEncodedLength?: number },
  contentLength: string | undefined,
  limit: number,
): Promise<Buffer> {
  const declared = Number(contentLength);
  return new Promise((resolve, reject) => {
    if (declared > limit) {
      reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    const whole = Number.isSafeInteger(declared) && declared >= 0 ? Buffer.allocUnsafeSlow(declared) : null;
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (received + bytes.length > limit || (payload.receivedEncodedLength ?? 0) > limit) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      // More than declared is refused at the end, as Fastify does; its bytes are not kept.
      if (whole) {
        if (received + bytes.length <= whole.length) bytes.copy(whole, received);
      } else chunks.push(bytes);
      received += bytes.length;
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      stop();
      if (error) {
        if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
        reject(error);
      } else if (!Number.isNaN(declared) && (payload.receivedEncodedLength || received) !== declared)
        reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(whole ?? Buffer.concat(chunks, received));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
}
