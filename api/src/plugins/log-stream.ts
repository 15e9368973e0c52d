import pino from 'pino';

/** How long a log line may wait in the buffer before it reaches the journal. */
const FLUSH_MS = 100;

/**
 * The server's log destination: standard output, written in batches of about 4 KB (six or so
 * request lines) instead of one write per line, and at least every 100 ms. One write per request
 * line was about a tenth of the CPU of a cached public read (docs/performance.md). pino
 * flushes the buffer synchronously when the process exits (a crash included); only a SIGKILL can
 * lose the last 100 ms of lines.
 */
export function batchedStdout(): { stream: pino.DestinationStream; stop(): void } {
  // pino.destination: a SonicBoom, which pino flushes synchronously on exit.
  const stream = pino.destination({ dest: 1, minLength: 4096, sync: false });
  const timer = setInterval(() => {
    // With a write in flight flush() returns at once (that write's end takes the rest); it throws
    // only once the stream is destroyed, at exit.
    try {
      stream.flush();
    } catch {}
  }, FLUSH_MS);
  timer.unref();
  return {
    stream,
    stop: () => {
      clearInterval(timer);
      stream.flushSync();
    },
  };
}
