// Shared helpers for the repository's scripts (start, test, build, bench). Plain Node, no dependencies:
// these run before `npm install` has happened on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node's flags for the server process (`npm start`, the benches, docs/operations.md's units). A young
 * generation of 32 MB semi-spaces instead of 16: under the device bench's load the server collected
 * its young generation about 14 times a second (6 % of its time, pauses up to 33 ms); V8 reads the size
 * only when the process starts, so it cannot come from the server's own configuration.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=32'];

const useColour = process.stdout.isTTY;
const paint = (code) => (s) => (useColour ? `\x1b[${code}m${s}\x1b[0m` : s);
export const bold = paint('1');
export const dim = paint('2');
export const green = paint('32');
export const red = paint('31');
export const cyan = paint('36');

export function step(message) {
  console.log(`${cyan('▸')} ${bold(message)}`);
}

/** Runs a command with inherited output; throws with the command line when it fails. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    err.exitCode = result.status ?? 1;
    throw err;
  }
}

/** Like run() but resolves with the exit code instead of throwing (for test suites). */
export function runStatus(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Like runStatus, with the command's output (stdout and stderr, interleaved) kept instead of shown. */
export function runCaptured(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT, ...options });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}

/** Newest modification time (ms) of any file below the given paths, skipping build output. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(join(p, name));
      }
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) walk(join(ROOT, p));
  return newest;
}

export function mtime(path) {
  const p = join(ROOT, path);
  return existsSync(p) ? statSync(p).mtimeMs : 0;
}

/**
 * Installs npm dependencies when they are missing or older than package-lock.json, exactly as the
 * lock file says (`npm ci`): the README's commands never rewrite a tracked file, and a lock file out
 * of step with package.json fails the install loudly instead of being "fixed" on someone's machine.
 */
export function ensureDependencies() {
  ensureInstalled(
    '.',
    'better-sqlite3/build/Release',
    'npm dependencies (first run compiles better-sqlite3, about 2 minutes)',
  );
  // The architecture check's own tool, with the TypeScript compiler API it parses with (not a workspace).
  ensureInstalled('tools/depcruise', 'dependency-cruiser', 'the dependency rules checker');
}

/** `npm ci` in `dir` when its node_modules is missing, lacks `probe`, or is older than its lock file. */
function ensureInstalled(dir, probe, what) {
  const base = join(ROOT, dir);
  const marker = join(base, 'node_modules', '.package-lock.json');
  const lock = join(base, 'package-lock.json');
  const fresh =
    existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh && existsSync(join(base, 'node_modules', probe))) return;
  step(`Installing ${what}…`);
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: base });
}

/** Web app sources that, when newer than the build, make the build stale. */
export const WEB_INPUTS = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/public',
  'packages/domain/src',
];
export const SERVER_INPUTS = [
  'packages/server/src',
  'packages/domain/src',
  'packages/protocol/src',
  'packages/sim/src',
  'package.json',
  // Third-party packages are bundled too (scripts/build.mjs): a changed install rebuilds.
  'package-lock.json',
];

export function needsWebBuild() {
  return mtime('packages/web/dist/index.html') < newestMtime(WEB_INPUTS);
}
export function needsServerBuild() {
  return mtime('packages/server/dist/main.js') < newestMtime(SERVER_INPUTS);
}

/**
 * The checkout's changes as `git status --porcelain` lists them (tracked edits and files git does not
 * ignore), or null outside a git checkout. Compared before and after a test run: the README's
 * commands leave the checkout as they found it.
 */
export function checkoutChanges() {
  const r = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return r.status === 0 ? r.stdout : null;
}

export function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}
