import { AGENCIES, type AgencyCode, FIRST_HISTORY_YEAR } from '@ciffc/contracts';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { HistoricalWeeklyTable, HistoricalYearlyTable } from '../db/tables.ts';
import { bumpDataVersion } from '../db/versions.ts';
import { addDays, centreToday, daysBetween, yearOf, yearStart } from '../http/time.ts';
import { isInCanada, isInRegion, regionBounds } from './geo.ts';
import { type NewFire, upsertFires } from './store.ts';

/** mulberry32: small, fast, and the same sequence on every machine for a seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T extends string>(rand: () => number, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r <= 0) return value;
  }
  return (entries.at(-1) as [T, number])[0];
}

function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** Relative number of fires per agency in a season (roughly the national shares). */
const AGENCY_SHARE: Record<AgencyCode, number> = {
  bc: 1600,
  ab: 1300,
  on: 900,
  qc: 650,
  sk: 550,
  mb: 450,
  nb: 250,
  ns: 220,
  nt: 220,
  nl: 120,
  yt: 110,
  pc: 70,
  pe: 15,
};

/** Where fires burn: most of the boreal south, not the tundra. */
const LATITUDE_CAP: Partial<Record<AgencyCode, number>> = {
  on: 55,
  qc: 54,
  mb: 58,
  sk: 59,
  nl: 55,
  nt: 66,
  yt: 66,
};

/** National parks (latitude, longitude), for Parks Canada's fires. */
const PARKS: [number, number][] = [
  [51.5, -116.0],
  [52.9, -118.1],
  [59.4, -113.0],
  [53.96, -106.37],
  [50.9, -116.0],
  [51.4, -116.5],
  [50.86, -100.04],
  [48.3, -85.9],
  [46.8, -72.97],
  [44.38, -65.22],
  [49.6, -57.8],
  [53.6, -112.87],
  [49.05, -113.9],
  [60.75, -138.5],
  [61.6, -125.7],
  [45.6, -65.0],
  [46.7, -60.7],
];

function location(rand: () => number, agency: AgencyCode): [number, number] {
  if (agency === 'pc') {
    for (;;) {
      const [lat, lon] = PARKS[Math.floor(rand() * PARKS.length)] as [number, number];
      const point: [number, number] = [lat + (rand() - 0.5) * 0.3, lon + (rand() - 0.5) * 0.4];
      if (isInCanada(point[1], point[0])) return point;
    }
  }
  const code = agency.toUpperCase();
  const [minLon, minLat, maxLon, maxBoxLat] = regionBounds(code) as [number, number, number, number];
  const maxLat = Math.min(maxBoxLat, LATITUDE_CAP[agency] ?? 90);
  for (let tries = 0; tries < 10_000; tries++) {
    const lat = minLat + rand() * (maxLat - minLat);
    const lon = minLon + rand() * (maxLon - minLon);
    if (isInRegion(code, lon, lat)) return [lat, lon];
  }
  throw new Error(`no point found inside ${code}`);
}

/** Relative chance of a fire starting on a day of the year: the season peaks in mid-July. */
const seasonWeight = (dayOfYear: number) => 0.03 + Math.exp(-(((dayOfYear - 195) / 45) ** 2));

/**
 * The largest fire an agency's landscape makes plausible: the boreal and northern agencies see
 * fires of hundreds of thousands of hectares, the Maritimes a few thousand at most (a
 * 600,000 ha fire in Nova Scotia made the season's figures absurd).
 */
const MAX_FIRE_SIZE: Record<AgencyCode, number> = {
  bc: 300_000,
  ab: 300_000,
  sk: 250_000,
  mb: 150_000,
  on: 100_000,
  qc: 150_000,
  nt: 400_000,
  yt: 150_000,
  nl: 20_000,
  nb: 3_000,
  ns: 3_000,
  pe: 150,
  pc: 20_000,
};

/** Long tail: most fires under a hectare, a few percent over 100 ha, a handful over 100,000 ha. */
function fireSize(rand: () => number, scale: number, max: number): number {
  const size = (0.1 * scale) / (1 - rand()) ** (1 / 0.45);
  return Math.round(Math.min(size, max) * 10) / 10;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** The current season, Jan 1 to `today`, `count` fires over the 13 agencies. */
export function generateFires(options: { seed: number; count: number; today: string }): NewFire[] {
  const rand = random(options.seed);
  const year = yearOf(options.today);
  const start = yearStart(year);
  const days = daysBetween(start, options.today) + 1;
  const dayWeights = Array.from({ length: days }, (_, d) => seasonWeight(d + 1));
  const dayTotal = dayWeights.reduce((s, w) => s + w, 0);
  const sampleDay = () => {
    let r = rand() * dayTotal;
    for (let d = 0; d < days; d++) {
      r -= dayWeights[d] as number;
      if (r <= 0) return d;
    }
    return days - 1;
  };
  const sequence = new Map<AgencyCode, number>();
  const updatedAt = `${options.today}T12:00:00.000Z`;
  const fires: NewFire[] = [];
  for (let i = 0; i < options.count; i++) {
    const agencyCode = pick(rand, AGENCY_SHARE);
    const agency = AGENCIES.find((a) => a.code === agencyCode) as (typeof AGENCIES)[number];
    const seq = (sequence.get(agencyCode) ?? 0) + 1;
    sequence.set(agencyCode, seq);
    const reportDate = addDays(start, sampleDay());
    const age = daysBetween(reportDate, options.today);
    const stage =
      age > 30
        ? pick(rand, { OUT: 90, UC: 6, BH: 2, OC: 2 })
        : age > 6
          ? pick(rand, { OUT: 50, UC: 25, BH: 12, OC: 13 })
          : pick(rand, { OC: 45, BH: 20, UC: 15, OUT: 20 });
    const north = agencyCode === 'nt' || agencyCode === 'yt';
    const response = north
      ? pick(rand, { FUL: 40, MOD: 20, MON: 40 })
      : pick(rand, { FUL: 75, MOD: 10, MON: 15 });
    const cause = north ? pick(rand, { N: 80, H: 17, U: 3 }) : pick(rand, { N: 45, H: 50, U: 5 });
    const [latitude, longitude] = location(rand, agencyCode);
    const statusDate =
      stage === 'OC' && age < 3
        ? reportDate
        : addDays(reportDate, Math.floor(rand() * (Math.min(age, 45) + 1)));
    fires.push({
      agency_code: agencyCode,
      agency_fire_id: `${agencyCode.toUpperCase()}${String(year).slice(2)}-${pad(seq, 5)}`,
      agency_data_timezone: agency.time_zone,
      situation_report_date: reportDate,
      status_date: statusDate,
      stage_of_control: stage,
      fire_cause: cause,
      response_type: response,
      fire_size: Math.max(0.1, fireSize(rand, response === 'MON' ? 3 : 1, MAX_FIRE_SIZE[agencyCode])),
      latitude: Math.round(latitude * 10_000) / 10_000,
      longitude: Math.round(longitude * 10_000) / 10_000,
      updated_at: updatedAt,
    });
  }
  return fires;
}

/**
 * Carry-over fires: last season's large fires that are still burning (held or under control) when
 * the year starts, as the northern and western agencies report every spring. Their ids carry last
 * year's two digits and a 9xxxx sequence, so they never collide with this season's ids.
 */
const CARRY_OVER_AGENCIES: readonly AgencyCode[] = ['bc', 'ab', 'sk', 'nt', 'on', 'qc', 'bc', 'ab'];

function generateCarryOverFires(options: { seed: number; today: string }): NewFire[] {
  const rand = random(options.seed ^ 0xca11);
  const last = yearOf(options.today) - 1;
  const updatedAt = `${options.today}T12:00:00.000Z`;
  return CARRY_OVER_AGENCIES.map((agencyCode, i) => {
    const agency = AGENCIES.find((a) => a.code === agencyCode) as (typeof AGENCIES)[number];
    const reportDate = addDays(`${last}-08-01`, Math.floor(rand() * 75));
    const [latitude, longitude] = location(rand, agencyCode);
    return {
      agency_code: agencyCode,
      agency_fire_id: `${agencyCode.toUpperCase()}${String(last).slice(2)}-${pad(90_001 + i, 5)}`,
      agency_data_timezone: agency.time_zone,
      situation_report_date: reportDate,
      status_date: addDays(reportDate, 20 + Math.floor(rand() * 40)),
      stage_of_control: rand() < 0.3 ? 'BH' : 'UC',
      fire_cause: 'N',
      response_type: 'FUL',
      fire_size: Math.round((5_000 + rand() * Math.min(60_000, MAX_FIRE_SIZE[agencyCode])) * 10) / 10,
      latitude: Math.round(latitude * 10_000) / 10_000,
      longitude: Math.round(longitude * 10_000) / 10_000,
      updated_at: updatedAt,
    };
  });
}

/** Past seasons per agency, yearly and weekly (weeks sum to the year), `fromYear`..`toYear`. */
export function generateHistory(options: { seed: number; fromYear: number; toYear: number }): {
  yearly: HistoricalYearlyTable[];
  weekly: HistoricalWeeklyTable[];
} {
  const rand = random(options.seed ^ 0x5eed);
  const yearly: HistoricalYearlyTable[] = [];
  const weekly: HistoricalWeeklyTable[] = [];
  const weekWeights = Array.from({ length: 52 }, (_, w) => seasonWeight(w * 7 + 4));
  for (let year = options.fromYear; year <= options.toYear; year++) {
    // A national "bad year" factor shared by all agencies, plus each agency's own variation.
    const national = Math.exp(0.25 * normal(rand));
    for (const agency of AGENCIES) {
      const fires = Math.max(
        1,
        Math.round(AGENCY_SHARE[agency.code] * national * Math.exp(0.3 * normal(rand))),
      );
      const meanSize = Math.exp(
        Math.log(agency.code === 'nt' || agency.code === 'yt' ? 400 : 60) + 1.1 * normal(rand),
      );
      const hectares = Math.round(fires * meanSize * 10) / 10;
      yearly.push({ agency_code: agency.code, year, fires, hectares });
      const noisy = weekWeights.map((w) => w * Math.exp(0.5 * normal(rand)));
      const total = noisy.reduce((s, w) => s + w, 0);
      let firesLeft = fires;
      let hectaresLeft = hectares;
      noisy.forEach((w, index) => {
        const last = index === 51;
        const weekFires = last ? firesLeft : Math.min(firesLeft, Math.round((fires * w) / total));
        const weekHectares = last
          ? hectaresLeft
          : Math.min(hectaresLeft, Math.round(((hectares * w) / total) * 10) / 10);
        firesLeft -= weekFires;
        hectaresLeft = Math.round((hectaresLeft - weekHectares) * 10) / 10;
        weekly.push({
          agency_code: agency.code,
          year,
          week: index + 1,
          fires: weekFires,
          hectares: weekHectares,
        });
      });
    }
  }
  return { yearly, weekly };
}

const DEMO_SEED = 20_250_601;
const DEMO_FIRE_COUNT = 5_200;

/** Loads the history in batches, replacing what was there, in one transaction. */
export async function loadHistory(db: Db, history: ReturnType<typeof generateHistory>): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('historical_weekly').execute();
    await trx.deleteFrom('historical_yearly').execute();
    for (let i = 0; i < history.yearly.length; i += 500)
      await trx
        .insertInto('historical_yearly')
        .values(history.yearly.slice(i, i + 500))
        .execute();
    for (let i = 0; i < history.weekly.length; i += 1000)
      await trx
        .insertInto('historical_weekly')
        .values(history.weekly.slice(i, i + 1000))
        .execute();
    await bumpDataVersion(trx, 'historical');
  });
}

/**
 * Demo data for `CIFFC_DEMO=1`: a current season of fires and the history from 1980 to last year.
 * Idempotent: each part is made only when its table is empty, so a restart keeps the data.
 */
export async function seedDemo(
  db: Db,
  options: { now?: Date; count?: number; seed?: number } = {},
): Promise<{ fires: number; historical: number }> {
  const today = centreToday(options.now ?? new Date());
  const seed = options.seed ?? DEMO_SEED;
  const count = async (table: 'fires' | 'historical_yearly') =>
    Number(
      (await db.kysely.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    );
  let fires = 0;
  let historical = 0;
  if ((await count('fires')) === 0) {
    const generated = [
      ...generateFires({ seed, count: options.count ?? DEMO_FIRE_COUNT, today }),
      ...generateCarryOverFires({ seed, today }),
    ];
    // The demo is the weakest source (docs/fires-import.md, "Sources"), last reported on the day of
    // each fire's last change, so any real import of the same fire prevails.
    await upsertFires(
      db.kysely,
      generated.map((f) => ({ ...f, report_source: 'demo', reported_on: [f.status_date, today].sort()[0] })),
    );
    fires = generated.length;
  }
  if ((await count('historical_yearly')) === 0) {
    const history = generateHistory({ seed, fromYear: FIRST_HISTORY_YEAR, toYear: yearOf(today) - 1 });
    await loadHistory(db, history);
    historical = history.yearly.length;
  }
  return { fires, historical };
}
