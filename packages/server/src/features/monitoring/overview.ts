/**
 * The console's overview across the caller's projects (the landing page, `GET /api/projects/overview`):
 * totals of what other features keep — the projects feature's list (with the devices feature's
 * counts), clients online (this read model) and the alarm feature's unread count.
 */
import type { ProjectsOverview } from '@netloom/domain';
import type { Alarms } from '../alarms';
import type { Projects } from '../projects';
import type { MonitoringStore } from './store';

const RECENT_COUNT = 5;

export class ConsoleOverview {
  constructor(
    private readonly store: Pick<MonitoringStore, 'clientsIn'>,
    private readonly projects: Pick<Projects, 'ofMember'>,
    /** The alarm feature's count of unread alarms (the same as each project's alarm list). */
    private readonly alarms: Pick<Alarms, 'unread'>,
  ) {}

  async of(accountId: number): Promise<ProjectsOverview> {
    const items = await this.projects.ofMember(accountId);
    const projectIds = items.map((p) => p.id);
    const [clientsOnline, alarmsUnread] = await Promise.all([
      this.store.clientsIn(projectIds),
      this.alarms.unread({ projectIds }),
    ]);
    const own = items.filter((p) => p.right === 'own').length;
    return {
      projects: items.length,
      ownProjects: own,
      sharedProjects: items.length - own,
      wlanProjects: items.filter((p) => p.netMode === 0).length,
      meshProjects: items.filter((p) => p.netMode === 1).length,
      devices: items.reduce((n, p) => n + p.deviceCount, 0),
      onlineDevices: items.reduce((n, p) => n + p.onlineCount, 0),
      clientsOnline,
      alarmsUnread,
      recent: items.slice(0, RECENT_COUNT),
    };
  }
}
