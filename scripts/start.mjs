#!/usr/bin/env node
// `npm start`: installs dependencies if missing, builds the web app and server if stale, and starts the
// console on http://localhost:8080 (SQLite under ./data). Server logs are JSON; this prints them readably.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { bold, dim, ensureDependencies, green, ROOT, red, SERVER_NODE_ARGS, step } from './lib.mjs';

ensureDependencies();
const { buildIfStale } = await import('./build.mjs');
await buildIfStale();

step('Starting the Netloom console…');
const child = spawn(
  process.execPath,
  [...SERVER_NODE_ARGS, '--enable-source-maps', 'packages/server/dist/main.js'],
  {
    cwd: ROOT,
    stdio: ['inherit', 'pipe', 'inherit'],
    env: process.env,
  },
);

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const rl = createInterface({ input: child.stdout });
rl.on('line', (line) => {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    console.log(line);
    return;
  }
  if (entry.msg === 'Netloom console ready') {
    const url = String(entry.url).replace('127.0.0.1', 'localhost');
    console.log(`\n  ${green('✔')} ${bold('Netloom console ready')} at ${bold(url)}\n`);
    return;
  }
  const time = new Date(entry.time ?? Date.now()).toLocaleTimeString();
  const level = LEVELS[entry.level] ?? 'info';
  const { msg, level: _l, time: _t, pid: _p, hostname: _h, ...rest } = entry;
  const extra = Object.keys(rest).length ? dim(` ${JSON.stringify(rest)}`) : '';
  const tag = level === 'error' || level === 'fatal' ? red(level) : level;
  console.log(`${dim(time)} ${tag} ${msg ?? ''}${extra}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
