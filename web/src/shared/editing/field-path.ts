/**
 * Reading and writing a form by field paths (`priority_fires.2.size`), the keys its errors use:
 * shared by the agency and the national sitrep forms.
 */
export function getIn(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const part of path.split('.')) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function setIn<T>(value: T, path: string, next: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return value;
  const isIndex = /^\d+$/.test(head);
  const container: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...((value ?? (isIndex ? [] : {})) as Record<string, unknown>) };
  const key = isIndex ? Number(head) : head;
  const child = (container as Record<string | number, unknown>)[key];
  (container as Record<string | number, unknown>)[key] = rest.length
    ? setIn(child, rest.join('.'), next)
    : next;
  return container as T;
}
