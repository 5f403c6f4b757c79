// The activation dashboard bench, run with tsx by activation.mjs (issue 15 §2 budget: the dashboard's
// queries p95 < 200 ms at 1 million activations, SQLite and PostgreSQL). Usage: activationRun.ts <db
// url> [rows]. Migrates the empty database, loads the activations in batched multi-row inserts (one
// transaction per 50,000 rows), builds the rollup from them (the store's own rebuild), then asks the
// dashboard's service — the same code the route runs — for a mix of filter sets: the default 30 days,
// a year by week and by month, one model, one country, both; and the export's workbook once. The
// baseline, measured in the same run: the year's per-model count grouped from the raw rows.
// Prints one JSON line.
import { DEVICE_MODELS, seededRandom, utcDayOf } from '@netloom/domain';
import { sql } from 'kysely';
import { openDatabase } from '../../packages/server/src/db';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { ActivationStore, type NewActivation } from '../../packages/server/src/features/activation';
import { ActivationService } from '../../packages/server/src/features/activation/service';
import { activationWorkbook } from '../../packages/server/src/features/activation/workbook';

const [url, rowsArg] = process.argv.slice(2);
if (!url) throw new Error('usage: activationRun.ts <database url> [rows]');
const ROWS = Number(rowsArg ?? 1_000_000);
const DAYS = 365;
const REQUESTS = 30; // per filter set
const COUNTRIES = [
  'CN',
  'US',
  'DE',
  'GB',
  'FR',
  'IN',
  'BR',
  'JP',
  'IT',
  'ES',
  'NL',
  'PL',
  'TR',
  'MX',
  'ID',
  'VN',
  'TH',
  'AU',
  'CA',
  'ZA',
];

const { db, kind } = openDatabase(url);
await migrateToLatest(db);

// Skewed like a real fleet: a few models and countries carry most activations, most units run the
// newest firmware or the one before, 3 % of projects have no place (country unknown).
const random = seededRandom(15);
const zipf = (n: number) => Math.min(n - 1, Math.floor(n * random() ** 2.2));
const today = Date.now();
function row(i: number): NewActivation {
  const model = DEVICE_MODELS[zipf(DEVICE_MODELS.length)] ?? DEVICE_MODELS[0];
  if (!model) throw new Error('empty catalogue');
  const fw = model.firmwareVersions;
  const firmware = fw[Math.max(0, fw.length - 1 - zipf(fw.length))] ?? '';
  const at = today - Math.floor(random() * DAYS * 86_400_000);
  return {
    sn: `BENCH${String(i).padStart(9, '0')}`,
    device_id: i + 1,
    project_id: 1 + (i % 5000),
    model: model.model,
    firmware,
    country: random() < 0.03 ? '' : (COUNTRIES[zipf(COUNTRIES.length)] ?? 'CN'),
    day: utcDayOf(at),
    activated_at: at,
  };
}

const BATCH = 4000; // 32,000 parameters: under SQLite's 32,766
const TX_ROWS = 50_000;
const loadStarted = performance.now();
for (let start = 0; start < ROWS; start += TX_ROWS) {
  await db.transaction().execute(async (tx) => {
    for (let b = start; b < Math.min(ROWS, start + TX_ROWS); b += BATCH) {
      const rows: NewActivation[] = [];
      for (let i = b; i < Math.min(ROWS, start + TX_ROWS, b + BATCH); i++) rows.push(row(i));
      await tx.insertInto('device_activations').values(rows).execute();
    }
  });
}
const loadMs = performance.now() - loadStarted;
const store = new ActivationStore(db);
const rollupStarted = performance.now();
await store.rebuildRollups();
const rollupMs = performance.now() - rollupStarted;
if (kind === 'postgres') await sql`analyze`.execute(db);
const rollupRows = Number(
  (await db.selectFrom('activation_days').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
);

// The role check is the route's, not timed here: the service's `stats` is what the dashboard waits for.
const noRoleCheck = { permissionsOf: async () => undefined };
const service = new ActivationService({ store, auth: noRoleCheck });
const to = utcDayOf(today);
const yearAgo = utcDayOf(today - (DAYS - 1) * 86_400_000);
const monthAgo = utcDayOf(today - 29 * 86_400_000);
const topModel = DEVICE_MODELS[0]?.model ?? '';
const sets = {
  '30 days by day': { from: monthAgo, to, period: 'day' as const },
  'a year by week': { from: yearAgo, to, period: 'week' as const },
  'a year by month, one model': { from: yearAgo, to, period: 'month' as const, model: topModel },
  'a year by day, one country': { from: yearAgo, to, period: 'day' as const, country: 'DE' },
  'a year, model and country': { from: yearAgo, to, period: 'week' as const, model: topModel, country: 'CN' },
};

const results: Record<string, { p50: number; p95: number; max: number; total: number }> = {};
const all: number[] = [];
const percentile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;
for (const [name, q] of Object.entries(sets)) {
  await service.stats(q); // warm-up
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    total = (await service.stats(q)).total;
    times.push(performance.now() - t0);
  }
  all.push(...times);
  results[name] = {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
    total,
  };
}
const exportStarted = performance.now();
const bytes = (await activationWorkbook(await service.stats(sets['a year by week']), today)).length;
const exportMs = performance.now() - exportStarted;

// Baseline: the same year's per-model count straight from the raw rows (what the rollup saves).
const rawTimes: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  await db
    .selectFrom('device_activations')
    .select(['model', sql<number>`count(*)`.as('n')])
    .where('day', '>=', yearAgo)
    .where('day', '<=', to)
    .groupBy('model')
    .execute();
  rawTimes.push(performance.now() - t0);
}
await db.destroy();
console.log(
  JSON.stringify({
    kind,
    rows: ROWS,
    rollupRows,
    loadMs,
    rollupMs,
    sets: results,
    p95: percentile(all, 0.95),
    exportMs,
    exportBytes: bytes,
    rawGroupMs: percentile(rawTimes, 0.5),
  }),
);
