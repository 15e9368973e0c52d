/** A version number as the overview shows it: a dash for none (0 or missing). */
export const versionLabel = (v: number | null | undefined) => (typeof v === 'number' && v > 0 ? v : '—');
