import type { FiresImportProgress } from '@ciffc/contracts';

/**
 * How far the server is in the imports it is checking (docs/fires-import.md, "Progress"), by the
 * name the client gave (`?progress=`) and the user who sent it, so that nobody reads another's. In
 * memory: an import runs in one process, and its entry goes when its answer is sent.
 */
const running = new Map<string, FiresImportProgress>();

const keyOf = (userId: number, name: string) => `${userId}:${name}`;

/**
 * Follows one import: `rows` adds the rows checked, `writing` says the check is over, `written` adds
 * the valid rows compared and written, `end` forgets it.
 */
export function trackImport(userId: number, name: string | undefined) {
  const key = name === undefined ? undefined : keyOf(userId, name);
  if (key) running.set(key, { stage: 'checking', rows_checked: 0, rows_written: 0 });
  const entry = () => (key ? running.get(key) : undefined);
  return {
    rows(count: number) {
      const e = entry();
      if (e) e.rows_checked += count;
    },
    writing() {
      const e = entry();
      if (e) e.stage = 'writing';
    },
    written(count: number) {
      const e = entry();
      if (e) e.rows_written += count;
    },
    end() {
      if (key) running.delete(key);
    },
  };
}

export type ImportTracker = ReturnType<typeof trackImport>;

/** The progress of the user's import of that name, or undefined when none runs. */
export const importProgress = (userId: number, name: string): FiresImportProgress | undefined =>
  running.get(keyOf(userId, name));
