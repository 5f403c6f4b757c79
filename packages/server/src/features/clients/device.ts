/**
 * MQTT handling of `clients` snapshots: map the protocol's rows to table rows and queue them. A
 * device that goes offline (lost connection, or its offline `state`) has no clients any more: an
 * empty snapshot clears its rows, so the list never shows clients of an offline device.
 */
import { isFullState } from '@netloom/protocol';
import type { RegistryEntry } from '../../gateway/registry';
import type { UpContext, UpData } from '../../gateway/types';
import type { ClientSnapshotWriter } from './writer';

export class ClientIngest {
  constructor(
    private readonly writer: Pick<ClientSnapshotWriter, 'add'>,
    private readonly deviceOf: (sn: string) => RegistryEntry | undefined = () => undefined,
  ) {}

  /** An offline `state` (the last will, or a clean shutdown): the device has no clients any more. */
  handleState(ctx: UpContext, data: UpData<'state'>): void {
    if (ctx.device && !isFullState(data)) this.clear(ctx.device, ctx.at);
  }

  /** A lost connection: the same. */
  handleConnection(sn: string, connected: boolean, at: number): void {
    const device = connected ? undefined : this.deviceOf(sn);
    if (device) this.clear(device, at);
  }

  private clear(device: RegistryEntry, at: number): void {
    this.writer.add({ deviceId: device.deviceId, projectId: device.projectId, at, clients: [] });
  }

  handle(ctx: UpContext, data: UpData<'clients'>): void {
    const device = ctx.device;
    if (!device) return;
    this.writer.add({
      deviceId: device.deviceId,
      projectId: device.projectId,
      at: ctx.at,
      clients: data.clients.map((c) => ({
        mac: c.mac,
        ip: c.ip ?? null,
        name: c.name,
        connection: c.connection,
        type: c.type,
        ssid: c.ssid ?? null,
        band: c.band ?? null,
        rssi: c.rssi ?? null,
        auth: c.auth ?? null,
        port: c.port === undefined ? null : String(c.port),
        vlan: c.vlan ?? null,
        tx_bytes: c.txBytes,
        rx_bytes: c.rxBytes,
        tx_rate: c.txRate,
        rx_rate: c.rxRate,
        uptime: c.uptime,
      })),
    });
  }
}
