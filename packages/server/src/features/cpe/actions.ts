import {
  type CommandJob,
  type CpeMode,
  type CpeSearchResult,
  ERR,
  MANAGEMENT_MODES,
  modelHas,
  WIFI_SEARCH_MS,
} from '@netloom/domain';
import { scanResultSchema } from '@netloom/protocol';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { type CommandService, toCommandJob } from '../commands';
import type { ConfigApi, DeviceFacts } from '../config';

/**
 * How long a CPE listens when the caller does not say: §9's Wi-Fi search, 30 s. A device may answer
 * sooner once its scan of every channel is complete (docs/protocol.md §7.2 `scan`).
 */
export const DEFAULT_SEARCH_MS = WIFI_SEARCH_MS;
/** Extra time for the reply to travel after the device stopped listening. */
const REPLY_SLACK_MS = 5_000;
/** A CPE restarts after a mode switch (about 2 minutes): the job stays wanted that long. */
const MODE_TTL_MS = 5 * 60_000;
/** Searches kept (one per CPE, the oldest dropped beyond this). */
const MAX_SEARCHES = 1000;

/**
 * CPE bridge actions (issue 5 §3): switching the work mode (AP ↔ client; the device clears its bridge
 * group and restarts, the page follows its status) and the Wi-Fi search a client-mode CPE picks its
 * uplink from. The latest search per device is kept so a `bridge` save can check its uplink (418).
 */
export class CpeActions {
  private readonly searches = new Map<number, CpeSearchResult>();

  constructor(
    private readonly deps: {
      config: ConfigApi;
      commands: Pick<CommandService, 'create' | 'request'>;
      clock: Clock;
    },
  ) {}

  /** The latest search of a device, or null. */
  lastSearch(deviceId: number): CpeSearchResult | null {
    return this.searches.get(deviceId) ?? null;
  }

  private async cpe(access: ProjectAccess, deviceId: number): Promise<DeviceFacts> {
    const devices = await this.deps.config.devices(access.projectId);
    const device = devices.find((d) => d.deviceId === deviceId);
    if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
    if (device.model?.kind !== 'cpe' || !modelHas(device.model, 'cpeMode'))
      throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    if (!device.online) throw new AppError(ERR.DEVICE_OFFLINE);
    if (device.managementMode === MANAGEMENT_MODES.LOCAL) throw new AppError(ERR.LOCAL_MODE_UNSUPPORTED);
    return device;
  }

  async setMode(access: ProjectAccess, deviceId: number, mode: CpeMode): Promise<CommandJob> {
    const device = await this.cpe(access, deviceId);
    const row = await this.deps.commands.create({
      deviceId: device.deviceId,
      projectId: access.projectId,
      accountId: access.accountId,
      name: 'cpeMode',
      args: { mode },
      ttlMs: MODE_TTL_MS,
    });
    // The uplink picked from a search belongs to the old mode's bridge group.
    this.searches.delete(deviceId);
    return toCommandJob(row);
  }

  async search(
    access: ProjectAccess,
    deviceId: number,
    opts: { band?: '2.4G' | '5G' | '6G' | undefined; durationMs?: number | undefined },
  ): Promise<CpeSearchResult> {
    const device = await this.cpe(access, deviceId);
    const durationMs = opts.durationMs ?? DEFAULT_SEARCH_MS;
    const result = await this.deps.commands.request(
      {
        deviceId: device.deviceId,
        projectId: access.projectId,
        accountId: access.accountId,
        name: 'scan',
        args: { durationMs, ...(opts.band ? { band: opts.band } : {}) },
      },
      durationMs + REPLY_SLACK_MS,
      ERR.WIFI_SEARCH_NO_SIGNAL,
    );
    const parsed = scanResultSchema.safeParse(result);
    if (!parsed.success) throw new AppError(ERR.CONFIG_FAILED);
    // Its own beacons are not an uplink.
    const networks = parsed.data.networks
      .filter((n) => n.sn !== device.sn)
      .sort((a, b) => b.rssi - a.rssi)
      .map((n) => ({
        bssid: n.bssid.toUpperCase(),
        ssid: n.ssid,
        band: n.band,
        channel: n.channel,
        rssi: n.rssi,
        security: n.security ?? null,
        sn: n.sn ?? null,
      }));
    if (networks.length === 0) throw new AppError(ERR.WIFI_SEARCH_NO_SIGNAL);
    const out = { searchedAt: this.deps.clock.now(), networks };
    this.searches.delete(deviceId);
    this.searches.set(deviceId, out);
    if (this.searches.size > MAX_SEARCHES) this.searches.delete(this.searches.keys().next().value as number);
    return out;
  }
}
