/** Colours of the national preparedness levels (shared look with the archive), with readable text. */
export const LEVEL_COLOURS: Record<string, { background: string; color: string }> = {
  '1': { background: '#2e7d32', color: '#fff' },
  '2': { background: '#1565c0', color: '#fff' },
  '3': { background: '#f9a825', color: '#111' },
  '4': { background: '#b45309', color: '#fff' },
  '5': { background: '#c62828', color: '#fff' },
};
