/**
 * One log line per request with nginx's request id, as the data API writes them, so one id runs
 * from nginx's access log through the API's and the content system's journals. In production the
 * lines are JSON (config/logger.ts); in development the same line reads as text.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

type KoaContext = {
  method: string;
  path: string;
  status: number;
  get: (header: string) => string;
  set: (header: string, value: string) => void;
};
type Next = () => Promise<unknown>;
type HttpLog = (message: string, meta: Record<string, unknown>) => void;

// The same shape the API accepts (api/src/app.ts): anything else could forge or flood a log line.
const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The request id of the request being served, for every line logged while serving it. */
export const requestIds = new AsyncLocalStorage<string>();

/** X-Request-Id when it looks like an id (nginx's `$request_id`), else a new one. */
export const requestIdOf = (sent: string): string => (REQUEST_ID.test(sent) ? sent : randomUUID());

/**
 * Echoes the id in the response and logs the request once it is answered. The path only: query
 * strings carry reset codes and tokens (`/admin/reset-password?code=`), which stay out of logs.
 */
export const logRequests = (log: HttpLog) => async (ctx: KoaContext, next: Next) => {
  const reqId = requestIdOf(ctx.get('x-request-id'));
  ctx.set('X-Request-Id', reqId);
  const started = performance.now();
  try {
    await requestIds.run(reqId, next);
  } finally {
    const durationMs = Math.round(performance.now() - started);
    const { method, path, status } = ctx;
    log(`${method} ${path} ${status} ${durationMs} ms`, { reqId, method, path, status, durationMs });
  }
};
