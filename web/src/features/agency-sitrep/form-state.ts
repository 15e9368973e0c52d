/** The agency form's field state: browser validity, errors by field path, new row keys. */

export type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export type ValidityKind = 'required' | 'invalidValue' | 'invalidFormat';

/** The browser validity messages of docs/spec/data-entry.md 5.1. */
export function validityKind(el: FieldElement): ValidityKind | undefined {
  if (el.validity.valid) return undefined;
  if (el.validity.valueMissing) return 'required';
  if (el instanceof HTMLInputElement && (el.type === 'number' || el.dataset.number !== undefined))
    return 'invalidValue';
  return 'invalidFormat';
}

/** Removes the errors of a field and of everything under it. */
export function withoutErrors<T>(errors: Record<string, T>, path: string): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(errors)) if (k !== path && !k.startsWith(`${path}.`)) out[k] = v;
  return out;
}

/** Removes exactly these keys (not what lies under them). */
export function withoutKeys<T>(errors: Record<string, T>, keys: readonly string[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(errors)) if (!keys.includes(k)) out[k] = v;
  return out;
}

let counter = 0;
export const newKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
