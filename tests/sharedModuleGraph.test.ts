/**
 * Test files that share one module graph per Vitest worker (`isolate: false` in vitest.config.ts:
 * the server, domain, protocol and simulator packages and these repository rules) must not leak into
 * the next file through a module. The server's files each build their own app, database and broker.
 * This test reads the sources and tests of every project the config runs without isolation and fails
 * on what would leak: module mocks, stubbed environment variables or globals, fake timers, an
 * assignment to `process.env`; and in the server, mutable state at a module's top level (`let`),
 * which would carry one app's values into the next. A top-level `let` that is truly process-wide (a
 * worker-thread handle, a concurrency counter) is listed here with the reason.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config';

const ROOT = join(import.meta.dirname, '..');
const SERVER = join(ROOT, 'packages/server');

function files(dir: string, optional = false): string[] {
  const out: string[] = [];
  if (optional && !existsSync(dir)) return out;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist') walk(p);
      } else if (/\.tsx?$/.test(name)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** Top-level `let`s that hold process-wide resources on purpose, by file (relative to the server). */
const PROCESS_WIDE_LETS: Record<string, string> = {
  // Not module state: the `let` is in the source of the checkpointer's worker thread (a string).
  'src/db/checkpointer.ts': 'worker thread source',
  // How many floor-plan PDFs are being read at once: a process-wide bound on memory.
  'src/features/maps/pdf.ts': 'concurrency counter',
};

const LEAKS: { what: string; pattern: RegExp }[] = [
  { what: 'a module mock', pattern: /\bvi\.(mock|doMock|hoisted)\(/ },
  { what: 'a stubbed environment variable or global', pattern: /\bvi\.(stubEnv|stubGlobal)\(/ },
  { what: 'fake timers', pattern: /\bvi\.useFakeTimers\(/ },
  {
    what: 'an assignment to process.env',
    pattern: /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/,
  },
];

/** The roots of the projects the config runs with `isolate: false`, read from the config itself. */
function sharedRoots(): string[] {
  const projects = (config.test?.projects ?? []) as { test?: { root?: string; isolate?: boolean } }[];
  return projects.flatMap((p) => (p.test?.isolate === false && p.test.root ? [join(ROOT, p.test.root)] : []));
}

describe('test files that share one module graph cannot leak into the next', () => {
  const roots = sharedRoots();
  // The repository rules' project (root '.') is its folder tests/, less this file, which names the
  // patterns it looks for.
  const all = roots.flatMap((root) =>
    root === ROOT
      ? files(join(ROOT, 'tests')).filter((f) => f !== import.meta.filename)
      : [...files(join(root, 'src')), ...files(join(root, 'test'), true)],
  );

  it('finds the shared projects and their sources', () => {
    expect(roots).toEqual(
      expect.arrayContaining(['server', 'domain', 'protocol', 'sim'].map((p) => join(ROOT, 'packages', p))),
    );
    expect(all.length).toBeGreaterThan(300);
  });

  for (const { what, pattern } of LEAKS) {
    it(`no ${what}`, () => {
      const found = all.flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((text, i) =>
            pattern.test(text) ? [`${relative(ROOT, file)}:${i + 1}: ${text.trim()}`] : [],
          ),
      );
      expect(found).toEqual([]);
    });
  }

  it('no mutable module state in the server (top-level let), but the listed process-wide ones', () => {
    const found = files(join(SERVER, 'src')).flatMap((file) => {
      const rel = relative(SERVER, file);
      if (rel in PROCESS_WIDE_LETS) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((text, i) => (/^(export )?let\b/.test(text) ? [`${rel}:${i + 1}: ${text.trim()}`] : []));
    });
    expect(found).toEqual([]);
  });

  it('the listed process-wide ones still exist (a stale entry is removed)', () => {
    for (const rel of Object.keys(PROCESS_WIDE_LETS)) {
      expect(readFileSync(join(SERVER, rel), 'utf8')).toMatch(/^let\b/m);
    }
  });
});
