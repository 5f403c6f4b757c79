/**
 * Traceback (§2 named screen, issue 15 §4): a client's connections over a period — device, network,
 * band, signal on joining and on leaving (now, while connected) — oldest first, with the roams
 * between devices marked by the domain's rule (`markRoams`). Read from `client_sessions`, which
 * the snapshot writer keeps as the devices' client tables change.
 */
import {
  ERR,
  markRoams,
  type TimeRange,
  TRACEBACK_MAX_SESSIONS,
  type Traceback,
  tracebackFrom,
} from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { historyDays } from './panel';
import type { ClientPanelStore } from './panelStore';
import type { ClientSessionStore, SessionRow } from './sessionStore';

export class ClientTraceback {
  constructor(
    private readonly sessions: Pick<ClientSessionStore, 'ofClient'>,
    private readonly panel: Pick<ClientPanelStore, 'aliasOf' | 'days' | 'current'>,
    private readonly clock: Clock,
  ) {}

  async of(access: ProjectAccess, mac: string, range: TimeRange): Promise<Traceback> {
    const now = this.clock.now();
    const from = tracebackFrom(range, now);
    const { projectId } = access;
    const [rows, alias, current, days] = await Promise.all([
      this.sessions.ofClient(projectId, mac, from, TRACEBACK_MAX_SESSIONS + 1),
      this.panel.aliasOf(projectId, mac),
      this.panel.current(projectId, mac),
      this.panel.days(projectId, mac, historyDays(now)),
    ]);
    // A MAC the project never saw (nor named) is 412; one seen before the period has an empty one.
    if (rows.length === 0 && current.length === 0 && days.length === 0 && alias === null)
      throw new AppError(ERR.NOT_EXIST);
    const listed = rows.slice(0, TRACEBACK_MAX_SESSIONS);
    const sessions = markRoams(listed.map(toSession));
    return {
      mac,
      name: current[0]?.name || days.find((d) => d.name)?.name || '',
      alias,
      online: current.length > 0,
      from,
      to: now,
      sessions,
      roams: sessions.filter((s) => s.roamedFrom !== null).length,
      truncated: rows.length > TRACEBACK_MAX_SESSIONS,
    };
  }
}

function toSession(r: SessionRow) {
  return {
    device: {
      id: r.device_id,
      name: r.device_name ?? `Device ${r.device_id}`,
      sn: r.device_sn ?? '',
      model: r.device_model,
    },
    connection: r.connection,
    ssid: r.ssid,
    band: r.band,
    rssiStart: r.rssi_start,
    rssiEnd: r.ended_at === null ? (r.rssi_now ?? r.rssi_start) : r.rssi_end,
    startedAt: r.started_at,
    endedAt: r.ended_at,
  };
}
