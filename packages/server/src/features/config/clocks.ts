/**
 * The project's clock in its devices' documents (the `time` section, issue 10 §6): its IANA zone and
 * the zone's POSIX rules. Asked of the projects feature for every render, so a document never
 * carries a zone the project no longer has; a change of zone re-renders the project's documents.
 */
import { type DeviceTimeSection, deviceTimeSection } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import type { Projects } from '../projects';

export class ProjectClocks {
  constructor(private readonly deps: { projects: Pick<Projects, 'settingsOf'>; clock: Clock }) {}

  /** Each project's `time` section (absent: no such project). */
  async of(projectIds: readonly number[]): Promise<Map<number, DeviceTimeSection>> {
    const now = this.deps.clock.now();
    const out = new Map<number, DeviceTimeSection>();
    if (projectIds.length === 0) return out;
    for (const [id, p] of await this.deps.projects.settingsOf(projectIds))
      out.set(id, deviceTimeSection(p.timeZone, now));
    return out;
  }

  async ofProject(projectId: number): Promise<DeviceTimeSection | undefined> {
    return (await this.of([projectId])).get(projectId);
  }
}
