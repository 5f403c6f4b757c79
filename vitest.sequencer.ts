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
/** A long file's place in the list, by its absolute path. */
const RANK = new Map(LONG_FILES.map((f, i) => [resolve(ROOT, f), i]));
const rank = (f: TestSpecification) => RANK.get(f.moduleId) ?? LONG_FILES.length;

/** Vitest's order (projects in turn, larger files first), with the long files of a project first. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Projects stay in Vitest's order; inside one, a stable sort moves only the long files forward.
    const byProject = new Map<string, TestSpecification[]>();
    for (const f of await super.sort(files)) {
      const list = byProject.get(f.project.name) ?? [];
      list.push(f);
      byProject.set(f.project.name, list);
    }
    return [...byProject.values()].flatMap((list) => list.sort((a, b) => rank(a) - rank(b)));
  }
}
