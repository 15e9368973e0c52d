/**
 * The perimeter reader's process (reader.ts): a file's bytes come in, its features go back parsed
 * and checked, or its refusal. Whatever a hostile file does here (fill this heap, run past the
 * time limit, crash the parser), only this process ends; the API answers 413 and starts another.
 */
import { HttpError } from '../http/errors.ts';
import { attributesOf, type CheckedFile, checkFeatures } from './check.ts';
import { parsePerimeterFile } from './parse.ts';
import type { ReaderAnswer, ReaderTask } from './reader.ts';

const send = (answer: ReaderAnswer) => process.send?.(answer);

async function read(task: ReaderTask): Promise<CheckedFile> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const file = await parsePerimeterFile(bytes);
  const attributes = attributesOf(file.features);
  // The mapping step reads only the attributes: the features are checked once it is chosen.
  const { candidates, refused } = task.inspect
    ? { candidates: [], refused: [] }
    : checkFeatures(file.features, {
        ownAgency: task.ownAgency,
        now: new Date(task.now),
        mapping: task.mapping,
        fileAgency: task.fileAgency,
      });
  return { format: file.format, total: file.features.length, attributes, candidates, refused };
}

process.on('message', async (task: ReaderTask) => {
  try {
    send({ id: task.id, ok: true, file: await read(task) });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error; // Not a refusal of ours: this process ends, the API answers for it.
    send({ id: task.id, ok: false, statusCode: error.statusCode, code: error.code, params: error.params });
  }
});
// The API's process went away (its channel closed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
