import { expect, type Page, test } from '@playwright/test';
import { axeOf, login } from './support.ts';

/** Today in the national centre's zone, the date the importer compares "in the future" with. */
const centreToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Winnipeg' }).format(new Date());

/** An id no demo fire has, sorting before them on a day they share. */
const FIRE_ID = '0-E2E-IMPORT';

/**
 * The CWFIS datamart's activefires.csv as it is published: ", " separators, CRLF, lower-case
 * agencies, a US row and a stage the national format does not know, both rejected per row.
 */
function cwfisFile(): string {
  const date = `${centreToday()} 00:05:00`;
  return [
    'agency, firename, lat, lon, startdate, hectares, stage_of_control, timezone, response_type',
    `pc, ${FIRE_ID}, 58.7, -112.0, ${date}, 4321.5, UC, CST, MON`,
    `conus, OR-DES-000123, 44.0, -120.0, ${date}, 50, 0% contained, PDT, FUL`,
    `nb, NB-PRE, 46.5, -66.0, ${date}, 1, Pre, ADT, FUL`,
    '',
  ].join('\r\n');
}

async function expectNoViolations(page: Page, path: string, title: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(/^(Loading…|Chargement…)$/)).toHaveCount(0, { timeout: 20_000 });
  const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
}

test.describe('importing the national active-fires file (CWFIS)', () => {
  test('CIFFC checks the file, sees the rejected rows and why, confirms, and the fire is listed', async ({
    page,
  }) => {
    await login(page, 'ciffc');
    await page.getByRole('link', { name: 'Import Fires' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import Fires');

    await page.getByLabel('Fire file (CSV or GeoJSON)').setInputFiles({
      name: 'activefires.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(cwfisFile(), 'utf8'),
    });
    await page.getByRole('button', { name: 'Check file' }).click();

    const summary = page.getByRole('region', { name: 'Check of activefires.csv' });
    await expect(summary).toContainText('3 rows: 1 accepted (1 new, 0 changed, 0 unchanged), 2 rejected.');
    await expect(summary.getByRole('listitem')).toHaveText([
      'agency_code:us_agency: 1',
      'stage_of_control:unknown: 1',
    ]);
    const rejected = summary.getByRole('table', { name: 'Rejected rows' });
    await expect(rejected.getByRole('row')).toHaveCount(3);
    const us = rejected.getByRole('row').nth(1);
    await expect(us.getByRole('cell')).toHaveText(['2', '3', 'conus', 'OR-DES-000123', /US agency/]);
    const stage = rejected.getByRole('row').nth(2);
    await expect(stage.getByRole('cell')).toHaveText([
      '3',
      '4',
      'nb',
      'NB-PRE',
      /unknown stage of control code "PRE"/,
    ]);

    // Nothing is written before the confirmation: the history has no import of this file yet.
    const history = page.getByRole('region', { name: 'Import history' });
    await expect(history).not.toContainText('activefires.csv');

    await page.getByRole('button', { name: 'Import 1 fire' }).click();
    await expect(page.getByRole('region', { name: 'Imported activefires.csv' })).toContainText(
      '3 rows: 1 accepted (1 new, 0 changed, 0 unchanged), 2 rejected.',
    );
    await expect(history.getByRole('row', { name: /activefires\.csv/ })).toHaveCount(1);

    await page.goto('/national?agency=pc&stage=UC&response=MON');
    const row = page.getByRole('row', { name: new RegExp(FIRE_ID) });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('PC');
    await expect(row).toContainText(centreToday());
    await expect(row).toContainText(/4,?32[12]/);

    // The dashboard says how old Parks Canada's data is, now that it has been imported.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'How recent each agency’s fire data is' })).toContainText(
      /Parks Canada: as of /,
      { timeout: 20_000 },
    );
    const asOf = await axeOf(page)
      .include('.dashboard-as-of')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(asOf.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  });

  test('a large file shows the server checking its rows before the summary', async ({ page }) => {
    const rows = 60_000;
    const day = centreToday();
    const lines = Array.from(
      { length: rows },
      (_, i) => `bc,E2E-LARGE-${i + 1},America/Vancouver,${day},${day},OC,N,FUL,1.5,50.67,-120.33`,
    );
    const file = [
      'agency_code,agency_fire_id,agency_data_timezone,situation_report_date,status_date,stage_of_control,fire_cause,response_type,fire_size,latitude,longitude',
      ...lines,
      '',
    ].join('\n');
    await login(page, 'ciffc');
    await page.goto('/agency/fires-import');
    await page.getByLabel('Fire file (CSV or GeoJSON)').setInputFiles({
      name: 'large.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file, 'utf8'),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    const stage = page.locator('.fires-import [role="status"]');
    await expect(stage).toHaveAttribute('aria-live', 'polite');
    await expect(stage).toContainText(/The server (is checking the file|checked [\d,]+ rows)/, {
      timeout: 30_000,
    });
    await expect(stage.getByRole('progressbar', { name: 'Check on the server' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Check of large.csv' })).toContainText(
      /60,?000 rows: 60,?000 accepted/,
      { timeout: 60_000 },
    );
  });

  test('the import and feeds screens pass axe (WCAG 2.1 AA) in English and French', async ({ page }) => {
    await login(page, 'ciffc');
    await expectNoViolations(page, '/agency/fires-import', /^Import Fires$/);
    await expectNoViolations(page, '/agency/fire-feeds', /^Agency Fire Feeds$/);
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expectNoViolations(page, '/agency/fires-import', /^Importer des feux$/);
    await expectNoViolations(page, '/agency/fire-feeds', /^Flux de feux des agences$/);
  });
});
