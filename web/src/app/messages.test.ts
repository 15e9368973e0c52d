import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, type MessageId } from './messages.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('message catalogue', () => {
  it('has the same ids in English and French', () => {
    expect(Object.keys(catalogue.fr).sort()).toEqual(Object.keys(catalogue.en).sort());
  });

  it('keeps French guillemets with their words: a non-breaking space inside, never a line break', () => {
    const breakable = Object.entries(catalogue.fr)
      .filter(([, text]) => /«[ \t]|[ \t]»/.test(text))
      .map(([id]) => id);
    expect(breakable).toEqual([]);
  });

  it('has no empty text', () => {
    for (const lang of ['en', 'fr'] as const) {
      for (const [id, text] of Object.entries(catalogue[lang]))
        expect(text.trim(), `${lang} ${id}`).not.toBe('');
    }
  });

  it('knows every message id the code uses', () => {
    const root = join(import.meta.dirname, '..');
    const used = new Set<string>();
    const patterns = [
      /\b(?:id|titleId|labelId)=["']([\w.-]+)["']/g,
      /\b(?:id|titleId|labelId):\s*["']([\w.-]+)["']/g,
    ];
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const re of patterns) for (const m of text.matchAll(re)) if (m[1]?.includes('.')) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((id) => !(id in catalogue.en));
    expect(missing).toEqual([]);
  });

  it('names each agency screen in the sidebar as its page title does, in both languages', () => {
    const screens: [MessageId, MessageId][] = [
      ['shell.sidebar.overview', 'agencyOverview.title'],
      ['shell.sidebar.agencySitrep', 'agencySitrep.title'],
      ['shell.sidebar.nationalSitrep', 'nationalSitrep.title'],
      ['shell.sidebar.inventoryInput', 'inventoryInput.title'],
      ['shell.sidebar.inventorySummary', 'inventory.title'],
      ['shell.sidebar.reports', 'reports.title'],
    ];
    for (const lang of ['en', 'fr'] as const)
      for (const [item, title] of screens)
        expect(catalogue[lang][item], `${lang} ${item}`).toBe(catalogue[lang][title]);
  });
});
