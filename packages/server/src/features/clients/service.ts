/**
 * The online client list and force-offline. Force-offline is a `kickClient` command job to the
 * associated device (args `{ mac }`); the row leaves the list when the device confirms (`reply`
 * ok), and the device's next snapshot no longer has the client.
 */
import { type ClientList, ERR, type OnlineClient } from '@netloom/domain';
import type { Logger } from 'pino';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { CommandRow, CreateCommandInput } from '../commands';
import type { ClientListFilter, ClientListRow, ClientStore } from './store';
import type { ClientSnapshotWriter } from './writer';

/** What force-offline needs of the command plane (D1's CommandService fits). */
export interface KickCommands {
  create(input: CreateCommandInput): Promise<CommandRow>;
  onFinished(name: string, fn: (cmd: CommandRow) => void | Promise<void>): void;
}
/** Which devices are connected now (the gateway) and their serial numbers (the registry). */
export interface DevicePresence {
  isOnline(deviceId: number): boolean;
}

export const KICK_COMMAND = 'kickClient';
/** A force-offline that the device has not confirmed in this time is given up (job expired). */
export const KICK_TTL_MS = 60_000;

export class ClientService {
  constructor(
    private readonly store: ClientStore,
    private readonly writer: Pick<ClientSnapshotWriter, 'flush'>,
    private readonly commands: KickCommands | null,
    private readonly presence: DevicePresence | null,
    private readonly live: Pick<LiveBus, 'publish'> | null,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly activity: ActivityLog | null = null,
  ) {}

  /** Wires the reaction to confirmed force-offlines (the clients feature calls it once, at start). */
  attach(): void {
    this.commands?.onFinished(KICK_COMMAND, (cmd) => this.kicked(cmd));
  }

  async list(access: ProjectAccess, filter: ClientListFilter): Promise<ClientList> {
    const { rows, total } = await this.store.list(access.projectId, filter);
    const now = this.clock.now();
    return {
      items: rows.map((r) => toOnlineClient(r, now)),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  /** Asks the associated device to drop the client; answers the command job. */
  async kick(access: ProjectAccess, mac: string, deviceId?: number): Promise<CommandRow> {
    if (!this.commands) throw new AppError(ERR.SERVER_ERROR);
    const where = await this.store.findByMac(access.projectId, mac);
    const target = deviceId === undefined ? where[0] : where.find((w) => w.device_id === deviceId);
    if (!target) throw new AppError(ERR.NOT_EXIST);
    if (this.presence && !this.presence.isOnline(target.device_id)) throw new AppError(ERR.DEVICE_OFFLINE);
    const job = await this.commands.create({
      deviceId: target.device_id,
      projectId: access.projectId,
      accountId: access.accountId,
      name: KICK_COMMAND,
      args: { mac },
      ttlMs: KICK_TTL_MS,
    });
    await this.activity?.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: { deviceId: target.device_id, name: target.device_name },
      action: 'client.forceOffline',
      summary: `Forced ${target.name ? `${target.name} (${mac})` : mac} offline.`,
      at: this.clock.now(),
    });
    return job;
  }

  private async kicked(cmd: CommandRow): Promise<void> {
    if (cmd.status !== 'done') return;
    const mac = parseMac(cmd.args_json);
    if (!mac) return;
    // A snapshot queued before the confirmation must not put the client back after the delete.
    await this.writer.flush();
    if (await this.store.remove(cmd.device_id, mac, this.clock.now())) {
      this.logger.info({ deviceId: cmd.device_id, mac }, 'client forced offline');
    }
    this.live?.publish({ type: 'clients.changed', projectId: cmd.project_id, deviceId: cmd.device_id });
  }
}

function parseMac(argsJson: string): string | null {
  try {
    const args = JSON.parse(argsJson) as { mac?: unknown };
    return typeof args.mac === 'string' ? args.mac : null;
  } catch {
    return null;
  }
}

export function toOnlineClient(r: ClientListRow, now: number): OnlineClient {
  const elapsed = Math.max(0, Math.floor((now - r.updated_at) / 1000));
  return {
    mac: r.mac,
    ip: r.ip,
    name: r.name,
    alias: r.alias,
    connection: r.connection === 'wired' ? 'wired' : 'wireless',
    type: r.type,
    ssid: r.ssid,
    band: r.band,
    rssi: r.rssi,
    auth: r.auth,
    port: r.port === null ? null : Number(r.port),
    vlan: r.vlan,
    txBytes: Number(r.tx_bytes),
    rxBytes: Number(r.rx_bytes),
    txRate: Number(r.tx_rate),
    rxRate: Number(r.rx_rate),
    // Reported at the snapshot; the list shows it as of now.
    uptime: Number(r.uptime) + elapsed,
    device: {
      id: r.device_id,
      name: r.device_name,
      sn: r.device_sn,
      model: r.device_model,
      type: r.device_type,
    },
    updatedAt: Number(r.updated_at),
  };
}
