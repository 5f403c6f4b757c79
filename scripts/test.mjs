#!/usr/bin/env node
// `npm test`: installs what is missing (npm packages; Debian's chromium through apt-get), then runs every
// suite: type-check + lint, unit and integration (Vitest, SQLite and PostgreSQL), end-to-end (Playwright in
// Chromium against the built console). Ends with one summary line "N passed, N failed".
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bold,
  checkoutChanges,
  commandExists,
  ensureDependencies,
  green,
  red,
  run,
  runCaptured,
  runStatus,
  step,
} from './lib.mjs';

// The end-to-end suite runs in the headless shell; the benches that draw pages use the full browser;
// the solution PDF's tests read its text with poppler's pdftotext.
const SYSTEM_TOOLS = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell', '/usr/bin/pdftotext'];

function ensureChromium() {
  if (SYSTEM_TOOLS.every((path) => existsSync(path))) return;
  step("Installing Debian's chromium, chromium-headless-shell and poppler-utils for the tests (apt-get)…");
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : commandExists('sudo') ? ['sudo'] : null;
  if (!sudo)
    throw new Error(
      'chromium or pdftotext is missing and apt-get needs root: run `apt-get install -y chromium chromium-headless-shell poppler-utils` as root.',
    );
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-q']);
  apt([
    'install',
    '-y',
    '-q',
    '--no-install-recommends',
    'chromium',
    'chromium-headless-shell',
    'fonts-liberation',
    'poppler-utils',
  ]);
}

const args = process.argv.slice(2);
const only = args.find((a) => ['--unit', '--e2e', '--check', '--scale'].includes(a));
const reports = mkdtempSync(join(tmpdir(), 'netloom-test-'));
const results = [];
const checkoutBefore = checkoutChanges();
const runStarted = Date.now();
/** Runs one suite's command and records its wall time beside its result (CI shows where the minutes go). */
async function timed(fn) {
  const started = Date.now();
  const result = await fn();
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

ensureDependencies();

// Type-check and lint run beside the Vitest suite, which leaves about a third of two cores idle
// while its server tests wait on sockets and timers; their output is printed when they end.
let checking = null;
if (!only || only === '--check') {
  step(only ? 'Type-check and lint (npm run check)…' : 'Type-check and lint (npm run check), beside Vitest…');
  checking = timed(async () => {
    const { code, output } = await runCaptured('npm', ['run', '-s', 'check']);
    return { suite: 'check', code, output };
  });
}

if (!only || only === '--unit') {
  step('Unit and integration tests (Vitest)…');
  const out = join(reports, 'vitest.json');
  results.push(
    await timed(async () => {
      const code = await runStatus('npx', [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}`,
      ]);
      return { suite: 'vitest', code, ...countVitest(out) };
    }),
  );
}

if (checking) {
  const check = await checking;
  step(`Type-check and lint: ${check.code === 0 ? 'passed' : 'FAILED'}`);
  process.stdout.write(check.output);
  results.unshift(check);
}

if (!only || only === '--scale') {
  // The device-scale bench at 2,000 devices with its scaled budgets (scripts/bench/devices.mjs
  // budgetsFor), alone on the machine between the suites: a change that loses devices or messages,
  // costs memory, or makes the device plane several times slower fails here, in the change that causes
  // it. It fails on each row's guard (BENCH_GUARD=1: correctness, memory, 3× the time budgets), not on
  // the exact time budgets a busy machine can miss; those are the full `npm run bench`'s to judge.
  step('Scale guard: the device bench at 2,000 devices (npm run bench -- devices)…');
  results.push(
    await timed(async () => {
      const code = await runStatus('node', ['scripts/bench.mjs', 'devices'], {
        env: { ...process.env, BENCH_DEVICES: '2000', BENCH_WINDOW_S: '15', BENCH_GUARD: '1' },
      });
      return { suite: 'scale guard', code, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
    }),
  );
}

if (!only || only === '--e2e') {
  ensureChromium();
  const { buildIfStale } = await import('./build.mjs');
  await buildIfStale();
  // Independent test files run in parallel workers (e2e/playwright.config.ts; NETLOOM_E2E_WORKERS
  // overrides the count). The wall time is part of the summary: the suite must stay well inside
  // 30 minutes on a 2-core machine as it grows.
  step('End-to-end tests (Playwright, Chromium, parallel workers)…');
  const out = join(reports, 'playwright.json');
  const started = Date.now();
  const code = await runStatus(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  results.push({
    suite: 'playwright',
    code,
    ...countPlaywright(out),
    seconds: (Date.now() - started) / 1000,
  });
}

// The run (install, build, every suite) leaves the checkout as it found it: no rewritten lock file, no
// stray output outside the ignored folders. On CI's clean clone that means `git status` stays clean.
if (checkoutBefore !== null) {
  const after = checkoutChanges();
  const changed = after === checkoutBefore ? '' : (after ?? '');
  if (changed) {
    console.log(red('The test run changed the checkout (git status --porcelain):'));
    console.log(changed);
  }
  results.push({ suite: 'checkout unchanged', code: changed ? 1 : 0 });
}

/** The first line of a failure message, short enough for the summary. */
function firstLine(message) {
  const line = String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes of the reporters
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim() !== '');
  return (line ?? '').trim().slice(0, 300);
}

function countVitest(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // What failed, by name, for the summary at the end (CI shows the end of the output).
  const failures = [];
  // A file that failed with no failed test of its own (its import or a hook failed) counts once.
  // Vitest's numFailedTestSuites also counts every describe block around a failed test, so it is not
  // added: one failed test inside two describes read as three failures.
  let failedFiles = 0;
  for (const f of r.testResults ?? []) {
    const where = f.name.replace(`${process.cwd()}/`, '');
    const tests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (f.status === 'failed' && tests.length === 0) {
      failedFiles++;
      failures.push(
        `${where} (the file): ${firstLine(f.message) || 'a hook or the import failed, see its output above'}`,
      );
    }
  }
  const slowest = (r.testResults ?? [])
    .map((f) => ({
      name: f.name.replace(`${process.cwd()}/`, ''),
      ms: (f.endTime ?? 0) - (f.startTime ?? 0),
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8);
  return {
    slowest,
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + failedFiles,
    skipped: r.numPendingTests ?? 0,
    failures,
  };
}
function countPlaywright(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  const failures = [];
  const durations = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        durations.push({
          name: `${spec.file} › ${spec.title}`,
          ms: (t.results ?? []).reduce((sum, x) => sum + (x.duration ?? 0), 0),
        });
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = t.results?.find((x) => x.error)?.error?.message;
          failures.push(
            `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')} (${t.status}): ${firstLine(error)}`,
          );
        }
      }
    for (const child of suite.suites ?? [])
      walk(child, suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return {
    slowest: durations.sort((a, b) => b.ms - a.ms).slice(0, 8),
    passed: s.expected ?? 0,
    failed: (s.unexpected ?? 0) + (s.flaky ?? 0),
    skipped: s.skipped ?? 0,
    failures,
  };
}

function formatDuration(seconds) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('');
for (const r of results) {
  passed += r.passed ?? 0;
  failed += r.failed ?? 0;
  skipped += r.skipped ?? 0;
  if (r.code !== 0 && !r.failed) failed += 1; // a suite that failed without failing tests (e.g. lint) counts once
  const counts = r.passed === undefined ? '' : ` — ${r.passed} passed, ${r.failed} failed`;
  const detail = r.seconds === undefined ? counts : `${counts} in ${formatDuration(r.seconds)}`;
  console.log(`  ${r.code === 0 ? green('✔') : red('✘')} ${bold(r.suite)}${detail}`);
}
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `${r.suite}: ${f}`));
if (failures.length > 0) {
  console.log(`\n${bold('Failed')}`);
  for (const f of failures.slice(0, 30)) console.log(`  ${red('✘')} ${f}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
}
// Where the time goes: the slowest Vitest files and Playwright tests, so the 30-minute bound stays in sight.
for (const r of results.filter((x) => x.slowest?.length)) {
  console.log(`\n${bold(`Slowest (${r.suite})`)}`);
  for (const x of r.slowest) console.log(`  ${formatDuration(x.ms / 1000).padStart(10)}  ${x.name}`);
}
console.log(`\nWall time of the whole run: ${formatDuration((Date.now() - runStarted) / 1000)}`);
const ok = results.every((r) => r.code === 0);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
