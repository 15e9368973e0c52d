/** The element id of a field, from its specification path (`priority_fires.2.size` → `as-priority_fires-2-size`). */
export const fieldId = (name: string) => `as-${name.replaceAll('.', '-')}`;

/** The id of the field's error text, while it has one. */
export function describedBy(errors: Record<string, string>, name: string) {
  return errors[name] ? `${fieldId(name)}-error` : undefined;
}
