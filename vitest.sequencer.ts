import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that take a minute or more on the 2-core machine (real processes killed and restarted,
 * simulated reboots, retried webhooks). Vitest's own order puts a project's larger files first, and
 * these are short files: they would start last and run alone at the end while the other worker
 * idles. They start first instead. Paths from the repository root; a path that no longer exists fails
 * the run, so the list cannot quietly go stale.
 */
const LONG_FILES = [
  'packages/server/test/configChaos.sqlite.test.ts',
  'packages/server/test/configChaos.postgres.test.ts',
  'packages/server/test/maintenance.test.ts',
  'packages/server/test/fuzz.test.ts',
  'packages/server/test/notifications.test.ts',
  'packages/server/test/firmware.test.ts',
];

const ROOT = import.meta.dirname;
for (const file of LONG_FILES)
  if (!existsSync(resolve(ROOT, file)))
    throw new Error(`vitest.sequencer.ts lists ${file}, which does not exist`);
const LONG = new Set(LONG_FILES.map((f) => resolve(ROOT, f)));

/** Vitest's order (projects in turn, larger files first), with the long files of a project first. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.findIndex((l) => resolve(ROOT, l) === f.moduleId);
      return i === -1 ? LONG_FILES.length : i;
    };
    // Stable within a project: only the long files move, to the front of their project's run.
    const byProject = new Map<string, TestSpecification[]>();
    for (const f of sorted) byProject.set(f.project.name, [...(byProject.get(f.project.name) ?? []), f]);
    return [...byProject.values()].flatMap((list) =>
      list.some((f) => LONG.has(f.moduleId)) ? [...list].sort((a, b) => rank(a) - rank(b)) : list,
    );
  }
}
