/**
 * A device that joins a project with saved documents (first `hello` after a claim, or a device
 * saves never reached) gets its document at its first hello: the engine creates its delivery row.
 */

import type { DeviceRegistry } from '../../gateway/registry';
import type { ProjectClocks } from './clocks';
import { documentHash, parseDocuments, renderFor, skipOf } from './documents';
import { devicesByIds, type FactsSource } from './facts';
import type { ConfigStore, DeviceConfigRow } from './store';
import type { DeviceReport } from './transitions';

/**
 * Devices without a delivery row that said hello in a project with saved documents: the rows of
 * their first document (created here; another node's or a save's row wins). Returns those created.
 */
export async function joinProject(
  deps: {
    store: ConfigStore;
    facts: FactsSource;
    registry: Pick<DeviceRegistry, 'byProject'>;
    clocks: ProjectClocks;
  },
  reports: readonly DeviceReport[],
): Promise<DeviceConfigRow[]> {
  if (reports.length === 0) return [];
  const { store } = deps;
  const byProject = new Map<number, DeviceReport[]>();
  for (const r of reports) byProject.set(r.projectId, [...(byProject.get(r.projectId) ?? []), r]);
  const docs = await store.documentsOfProjects(store.db, [...byProject.keys()]);
  const projects = new Set(docs.map((d) => d.project_id));
  const candidates = reports.filter((r) => projects.has(r.projectId));
  if (candidates.length === 0) return [];
  const facts = await devicesByIds(deps.facts, [...new Set(candidates.map((r) => r.deviceId))]);
  const clocks = await deps.clocks.of([...new Set(facts.map((f) => f.projectId))]);
  const rows: DeviceConfigRow[] = [];
  for (const f of facts) {
    const rep = candidates.find((r) => r.deviceId === f.deviceId);
    // A mesh unit's role comes with its first state: wait for it.
    if (!rep || skipOf(f) || (f.type === 'mesh' && f.meshRole === null)) continue;
    const all = deps.registry.byProject(f.projectId);
    const doc = renderFor(
      f,
      parseDocuments(docs.filter((d) => d.project_id === f.projectId)),
      all,
      clocks.get(f.projectId),
    );
    if (!doc) continue;
    const version = Math.max(rep.version + 1, 1);
    rows.push({
      device_id: f.deviceId,
      project_id: f.projectId,
      desired_version: version,
      body: JSON.stringify(doc),
      hash: documentHash(doc),
      applied_version: rep.version,
      status: 'pending',
      pending_since: rep.at,
      failed_code: null,
      failed_message: null,
      sent_at: null,
      updated_at: rep.at,
    });
  }
  if (rows.length === 0) return [];
  // Another node (or a save) may have created a row meanwhile: theirs wins.
  const created: DeviceConfigRow[] = [];
  for (const r of rows) {
    const res = await store.db
      .insertInto('device_configs')
      .values(r)
      .onConflict((oc) => oc.column('device_id').doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) created.push(r);
  }
  return created;
}
