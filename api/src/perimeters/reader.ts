import { type ChildProcess, fork } from 'node:child_process';
import type { AgencyCode, ServerMessageCode, ServerMessageParams } from '@ciffc/contracts';
import { HttpError } from '../http/errors.ts';
import type { CheckedFile } from './check.ts';
import type { MappingChoice } from './mapping.ts';
import { perimeterRefusal } from './refusals.ts';

/**
 * The perimeter reader (docs/decisions.md, "Perimeter files read in a process of their own"): every
 * perimeter file is parsed and checked in a child process with its own heap cap and a time limit,
 * one file at a time. A file that exhausts either ends that process only; the import answers 413
 * `perimeters.too_complex` and the next file starts a new one. A worker thread would not do: a
 * worker over its `resourceLimits` took the whole process with it (decision "Large imports off
 * the request thread").
 */
export interface ReaderLimits {
  /** The reader's V8 heap cap, MB. */
  heapMb: number;
  /** Longest a file may take to read and check, ms. */
  timeoutMs: number;
}

/**
 * The defaults of the configuration (PERIMETER_READER_HEAP_MB, PERIMETER_READER_TIMEOUT_MS) and of
 * an import without one (a feed, the benchmark). 384 MB: beside the API's two heaps of 512 MB (its
 * thread, the import worker) and what lies outside them, inside the unit's MemoryMax of 2 GB.
 */
export const DEFAULT_READER_LIMITS: ReaderLimits = { heapMb: 384, timeoutMs: 60_000 };

export interface ReaderTask extends MappingChoice {
  id: number;
  bytes: Uint8Array;
  ownAgency: AgencyCode | undefined;
  now: string;
  /** Only the attributes are wanted (the mapping step): the features are not checked. */
  inspect?: boolean | undefined;
}

export type ReaderAnswer =
  | { id: number; ok: true; file: CheckedFile }
  | { id: number; ok: false; statusCode: number; code: ServerMessageCode; params: ServerMessageParams };

/** The child's script: the bundle beside server.js in production, the TypeScript module under tsx. */
function start(limits: ReaderLimits): ChildProcess {
  const heap = `--max-old-space-size=${limits.heapMb}`;
  const options = { serialization: 'advanced' as const, stdio: 'inherit' as const };
  if (!import.meta.url.endsWith('.ts'))
    return fork(new URL('./perimeter-reader.js', import.meta.url), [], { ...options, execArgv: [heap] });
  const tsx = import.meta.resolve('tsx');
  return fork(new URL('./reader-process.ts', import.meta.url), [], {
    ...options,
    execArgv: [heap, '--import', tsx],
  });
}

let child: { process: ChildProcess; heapMb: number } | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 1;

function readerFor(limits: ReaderLimits): ChildProcess {
  if (
    child?.heapMb !== limits.heapMb ||
    child.process.exitCode !== null ||
    child.process.signalCode !== null
  ) {
    child?.process.kill('SIGKILL');
    const started = start(limits);
    child = { process: started, heapMb: limits.heapMb };
    started.on('exit', () => {
      if (child?.process === started) child = undefined;
    });
    // A send on a channel that just closed, or a failed start: without a listener, an 'error'
    // event would end the API's process. The task hears of it by the exit (or by its own listener).
    started.on('error', () => started.kill('SIGKILL'));
  }
  return child.process;
}

/** Idle, the reader holds neither the event loop nor the process's exit. */
function idle(reader: ChildProcess, busy: boolean): void {
  const handles = [reader, reader.channel] as Array<
    { ref?: () => void; unref?: () => void } | null | undefined
  >;
  for (const h of handles) (busy ? h?.ref : h?.unref)?.call(h);
}

function readOnce(bytes: Buffer, options: Omit<ReaderTask, 'id' | 'bytes'>, limits: ReaderLimits) {
  const reader = readerFor(limits);
  const id = nextId++;
  idle(reader, true);
  return new Promise<CheckedFile>((resolve, reject) => {
    const tooComplex = () =>
      perimeterRefusal(413, 'perimeters.too_complex', {
        memory: limits.heapMb,
        seconds: Math.round(limits.timeoutMs / 1000),
      });
    const timer = setTimeout(() => reader.kill('SIGKILL'), limits.timeoutMs);
    const done = () => {
      clearTimeout(timer);
      reader.off('message', onMessage);
      reader.off('exit', onExit);
      reader.off('error', onError);
      idle(reader, false);
    };
    const onMessage = (answer: ReaderAnswer) => {
      if (answer.id !== id) return;
      done();
      if (answer.ok) resolve(answer.file);
      else reject(new HttpError(answer.statusCode, answer.code, { params: answer.params }));
    };
    const onExit = (code: number | null, signal: string | null) => {
      done();
      const error = tooComplex();
      Object.assign(error, { cause: { exitCode: code, signal } });
      reject(error);
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    reader.on('message', onMessage);
    reader.on('exit', onExit);
    reader.on('error', onError);
    reader.send({ id, bytes, ...options } satisfies ReaderTask);
  });
}

/** A perimeter file parsed and checked in the reader's process; one at a time, in the order sent. */
export function readPerimeterFile(
  bytes: Buffer,
  options: { ownAgency: AgencyCode | undefined; now: Date; inspect?: boolean | undefined } & MappingChoice,
  limits: ReaderLimits,
): Promise<CheckedFile> {
  const task = {
    ownAgency: options.ownAgency,
    now: options.now.toISOString(),
    inspect: options.inspect,
    mapping: options.mapping,
    fileAgency: options.fileAgency,
  };
  const result = queue.then(() => readOnce(bytes, task, limits));
  queue = result.catch(() => undefined);
  return result;
}
