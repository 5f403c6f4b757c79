/**
 * The client panel (issue 10 §7): one client of a project — where it is connected now, the alias
 * the project gave it, and its recent history. The history is the daily history the server already
 * keeps for every client (`client_days`: first and last seen, traffic per project-local day, pruned
 * with telemetry's hourly rollups); the panel shows its last `CLIENT_HISTORY_DAYS` days.
 */
import { CLIENT_HISTORY_DAYS, type ClientAlias, type ClientDetail, ERR } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { ClientPanelStore } from './panelStore';
import { toOnlineClient } from './service';
import type { ClientStore } from './store';

const DAY_MS = 86_400_000;

/**
 * The dates that can hold a client's last `CLIENT_HISTORY_DAYS` project-local days, whatever the
 * project's time zone (UTC−12 … UTC+14): one more day on each side of the UTC dates.
 */
export function historyDays(now: number): string[] {
  const out: string[] = [];
  for (let i = -1; i <= CLIENT_HISTORY_DAYS; i += 1)
    out.push(new Date(now - i * DAY_MS).toISOString().slice(0, 10));
  return out;
}

export class ClientPanel {
  constructor(
    private readonly store: ClientPanelStore,
    private readonly clients: Pick<ClientStore, 'findByMac'>,
    private readonly clock: Clock,
    private readonly live: Pick<LiveBus, 'publish'> | null = null,
  ) {}

  async detail(access: ProjectAccess, mac: string): Promise<ClientDetail> {
    const now = this.clock.now();
    const [rows, alias, days] = await Promise.all([
      this.store.current(access.projectId, mac),
      this.store.aliasOf(access.projectId, mac),
      this.store.days(access.projectId, mac, historyDays(now)),
    ]);
    if (rows.length === 0 && days.length === 0) throw new AppError(ERR.NOT_EXIST);
    const latest = rows[0];
    const online = latest ? toOnlineClient({ ...latest, alias }, now) : null;
    return {
      mac,
      name: online?.name || days.find((d) => d.name)?.name || '',
      alias,
      online,
      history: days.slice(0, CLIENT_HISTORY_DAYS).map((d) => ({
        day: d.day,
        firstSeenAt: Number(d.first_seen_at),
        lastSeenAt: Number(d.last_seen_at),
        txBytes: Number(d.tx_bytes),
        rxBytes: Number(d.rx_bytes),
      })),
    };
  }

  /** Sets (or with null removes) the alias of a client the project has seen. */
  async setAlias(access: ProjectAccess, mac: string, alias: string | null): Promise<ClientAlias> {
    const now = this.clock.now();
    const [where, days] = await Promise.all([
      this.clients.findByMac(access.projectId, mac),
      this.store.days(access.projectId, mac, historyDays(now)),
    ]);
    const known =
      where.length > 0 || days.length > 0 || (await this.store.aliasOf(access.projectId, mac)) !== null;
    if (!known) throw new AppError(ERR.NOT_EXIST);
    if (alias === null) await this.store.removeAlias(access.projectId, mac);
    else await this.store.setAlias(access.projectId, mac, alias, access.accountId, now);
    // Other browsers on the project refetch their client lists and panels with the new name.
    for (const w of where)
      this.live?.publish({ type: 'clients.changed', projectId: access.projectId, deviceId: w.device_id });
    return { mac, alias };
  }
}
