/**
 * The server's tests share one module graph per Vitest worker (`isolate: false` in vitest.config.ts:
 * importing the whole app afresh for each file was about 40 % of the run). That is safe only while no
 * server test or source replaces a module or changes the process's environment for the files after
 * it. This test reads the server package and fails on a module mock, a stubbed global or env, fake
 * timers, or an assignment to `process.env`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SHARED_STATE = [
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(/,
  /\bprocess\.env(\.[A-Za-z_]+|\[[^\]]+\])\s*=(?!=)/,
  /\bdelete\s+process\.env\b/,
];

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist') walk(p);
      } else if (/\.ts$/.test(name)) out.push(p);
    }
  };
  walk(join(ROOT, dir));
  return out;
}

describe('server tests share their modules safely', () => {
  it('no server test or source mocks a module, fakes timers or changes process.env', () => {
    const found: string[] = [];
    for (const file of [...files('packages/server/src'), ...files('packages/server/test')]) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (SHARED_STATE.some((re) => re.test(line)))
            found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
