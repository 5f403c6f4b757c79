import {
  type DeviceConfigDocument,
  defaultNetworkSettings,
  defaultSwitchSettings,
  ERR,
  type NetworkSettings,
  type PortSettings,
} from '@netloom/domain';
import { isFullState, routeTableResultSchema } from '@netloom/protocol';
import { describe, expect, it } from 'vitest';
import type { VirtualDevice } from './device/device';
import { wanPorts } from './device/wan';
import type { Fleet, FleetOptions } from './fleet';
import { useTestBroker } from './testing/useTestBroker';

const KEY = 'sim-config-test-provisioning-key-0123';
const NOON = Date.UTC(2026, 5, 10, 12);

const sim = useTestBroker(KEY);

/** A fleet of one office (gateway → PoE switch → APs, cameras, CPEs); each test its own seed, so
 * retained configurations of one test never reach another's devices. */
async function office(seed: number, o: Partial<FleetOptions> = {}): Promise<Fleet> {
  const f = sim.start({
    seed,
    devices: 12,
    mix: 'office',
    timeFactor: 120,
    startTime: NOON,
    utcOffsetHours: 0,
    rampMs: 50,
    minRealIntervalMs: 200,
    churnPerHour: 0,
    eventsPerHour: 0,
    validate: true,
    ...o,
  });
  await sim.broker.waitFor(() => f.devices.every((d) => sim.broker.messages(d.sn, 'hello').length > 0));
  return f;
}

function gatewayOf(f: Fleet): VirtualDevice {
  const gw = f.devices.find((d) => d.plan.uplink === null);
  if (!gw?.model.capabilities.includes('routeTable')) throw new Error('no gateway');
  return gw;
}

function network(gw: VirtualDevice, change: Partial<NetworkSettings> = {}): NetworkSettings {
  return { ...defaultNetworkSettings(wanPorts(gw.model)), ...change };
}
/** The LAN (and its DHCP pool) on `{prefix}.0/24`, the gateway at `.1`. */
function lanOn(prefix: string): Pick<NetworkSettings, 'lan' | 'dhcpPools'> {
  const pool = defaultNetworkSettings().dhcpPools[0];
  if (!pool) throw new Error('no default pool');
  return {
    lan: { ip: `${prefix}.1`, mask: '255.255.255.0' },
    dhcpPools: [{ ...pool, start: `${prefix}.100`, end: `${prefix}.250`, gateway: `${prefix}.1` }],
  };
}

const config = (sn: string, version: number, document: DeviceConfigDocument) =>
  sim.broker.send(sn, 'config', { version, document });
const results = (sn: string) =>
  sim.broker.messages(sn, 'configResult').map(({ data: { ts: _ts, v: _v, ...r } }) => r);
const lastState = (sn: string) => {
  const s = sim.broker.messages(sn, 'state').at(-1)?.data;
  if (!s || !isFullState(s)) throw new Error(`no full state from ${sn}`);
  return s;
};
const eventCodes = (sn: string) =>
  sim.broker.messages(sn, 'events').flatMap((e) => e.data.events.map((x) => x.code));
let commandSeq = 0;
/** Sends a command and waits for its reply; down messages are handled in order, so anything a
 * config sent before it would have caused has been published by then. */
async function command(sn: string, name: string) {
  const id = `c_${++commandSeq}`;
  await sim.broker.send(sn, 'command', { id, name, args: {}, expiresAt: Date.now() + 60_000 });
  await sim.broker.waitFor(() => sim.broker.messages(sn, 'reply').some((r) => r.data.id === id));
  const reply = sim.broker.messages(sn, 'reply').find((r) => r.data.id === id)?.data;
  if (!reply) throw new Error('no reply');
  return reply;
}

function switchDoc(ports: PortSettings[]): DeviceConfigDocument {
  return { switching: { ports, dhcpSnooping: false, led: true, vlans: [{ id: 20, name: 'Guest' }] } };
}
function factoryPort(sw: VirtualDevice, id: number): PortSettings {
  const p = defaultSwitchSettings(sw.model).ports.find((x) => x.id === id);
  if (!p) throw new Error(`no port ${id}`);
  return p;
}

describe('configuration as a real device applies it (§7.1)', () => {
  it('applies a newer version once, answers a duplicate with the same result, ignores an older one', async () => {
    const f = await office(20);
    const gw = gatewayOf(f);
    expect(gw.configVersion).toBe(0);
    await config(gw.sn, 5, { network: network(gw, lanOn('192.168.20')) });
    await sim.broker.waitFor(() => results(gw.sn).length === 1);
    expect(results(gw.sn)).toEqual([{ version: 5, ok: true }]);
    // The state with the new version (and the new LAN address) follows at once.
    const order = sim.broker.received
      .map((r) => r.decoded)
      .flatMap((d) => (d.ok && d.sn === gw.sn ? [d.message] : []));
    expect(order.slice(order.indexOf('configResult'), order.indexOf('configResult') + 2)).toEqual([
      'configResult',
      'state',
    ]);
    expect(lastState(gw.sn)).toMatchObject({ configVersion: 5, ip: '192.168.20.1' });
    await sim.broker.waitFor(() => eventCodes(gw.sn).includes('config_applied'));

    await config(gw.sn, 5, { network: network(gw, lanOn('192.168.20')) });
    await sim.broker.waitFor(() => results(gw.sn).length === 2);
    expect(results(gw.sn)[1]).toEqual(results(gw.sn)[0]);

    await config(gw.sn, 3, { network: network(gw) });
    await command(gw.sn, 'routeTable');
    expect(results(gw.sn)).toHaveLength(2);
    expect(gw.configVersion).toBe(5);
    expect(gw.appliedVersions).toEqual([5]);
    expect(lastState(gw.sn).ip).toBe('192.168.20.1');
    const stats = f.stats();
    expect(stats).toMatchObject({
      configApplied: 1,
      configDuplicates: 1,
      configStale: 1,
      configDuplicateContent: 0,
      configRefused: 0,
    });
    expect(gw).toMatchObject({ configRedeliveries: 1, configStale: 1, duplicateContentApplies: 0 });
    expect(eventCodes(gw.sn).filter((c) => c === 'config_applied')).toHaveLength(1);
    expect(sim.broker.failures()).toEqual([]);
  }, 20_000);

  it('refuses a VLAN overlapping the segment its WAN got by DHCP (104) and keeps the old version', async () => {
    const f = await office(22);
    const gw = gatewayOf(f);
    const lease = gw.lease;
    if (!lease) throw new Error('gateway without a WAN lease');
    expect(lease.port).toBe(wanPorts(gw.model)[0]);
    await config(gw.sn, 2, { network: network(gw) });
    await sim.broker.waitFor(() => results(gw.sn).length === 1);
    const [a, b, c] = lease.ip.split('.');
    const overlapping = network(gw, {
      vlans: [{ id: 20, name: 'Guest', ip: `${a}.${b}.${c}.254`, mask: '255.255.255.0', dhcp: false }],
    });
    await config(gw.sn, 3, { network: overlapping });
    await sim.broker.waitFor(() => results(gw.sn).length === 2);
    expect(results(gw.sn)[1]).toMatchObject({ version: 3, ok: false, code: ERR.VLAN_IP_OVERLAPS_WAN });
    expect(results(gw.sn)[1]?.message).toContain(`${a}.${b}.${c}.0/24`);
    expect(gw.configVersion).toBe(2);
    expect(gw.appliedVersions).toEqual([2]);
    expect(gw.network?.vlans).toEqual([]);
    await sim.broker.waitFor(() => eventCodes(gw.sn).includes('config_failed'));
    expect(lastState(gw.sn).configVersion).toBe(2);
    // A redelivery of the refused version is answered the same, not validated into another outcome.
    await config(gw.sn, 3, { network: overlapping });
    await sim.broker.waitFor(() => results(gw.sn).length === 3);
    expect(results(gw.sn)[2]).toEqual(results(gw.sn)[1]);
    // The same VLAN on a segment the WAN does not use is fine: the device applies it.
    await config(gw.sn, 4, {
      network: network(gw, {
        vlans: [{ id: 20, name: 'Guest', ip: '172.20.20.1', mask: '255.255.255.0', dhcp: false }],
      }),
    });
    await sim.broker.waitFor(() => results(gw.sn).length === 4);
    expect(results(gw.sn)[3]).toEqual({ version: 4, ok: true });
    expect(f.stats()).toMatchObject({ configApplied: 2, configRefused: 1, configDuplicates: 1 });
  }, 20_000);

  it('refuses a switching section naming a port the model lacks (400)', async () => {
    const f = await office(23);
    const sw = f.devices.find((d) => d.model.kind === 'switch');
    if (!sw) throw new Error('no switch');
    const before = sw.configVersion;
    const ghost = { ...factoryPort(sw, 1), id: sw.model.ports.length + 1 };
    await config(sw.sn, 7, switchDoc([ghost]));
    await sim.broker.waitFor(() => results(sw.sn).length === 1);
    expect(results(sw.sn)[0]).toMatchObject({ version: 7, ok: false, code: ERR.INVALID_PARAMETERS });
    expect(sw.configVersion).toBe(before);
    expect(sw.appliedDocument).toBeNull();
  });

  it('a unit with a storage fault refuses new versions with 2001 and its words until the fault clears', async () => {
    const f = await office(41);
    const sw = f.devices.find((d) => d.model.kind === 'switch');
    if (!sw) throw new Error('no switch');
    sw.configStorageFault = 'Configuration flash is read-only';
    await config(sw.sn, 3, switchDoc([factoryPort(sw, 1)]));
    await sim.broker.waitFor(() => results(sw.sn).length === 1);
    expect(results(sw.sn)[0]).toEqual({
      version: 3,
      ok: false,
      code: ERR.SAVE_FAILED,
      message: 'Configuration flash is read-only',
    });
    expect(sw.appliedDocument).toBeNull();
    sw.configStorageFault = null;
    await config(sw.sn, 4, switchDoc([factoryPort(sw, 1)]));
    await sim.broker.waitFor(() => results(sw.sn).length === 2);
    expect(results(sw.sn)[1]).toEqual({ version: 4, ok: true });
    expect(sw.configVersion).toBe(4);
  });

  it('a disabled port takes the units behind it offline until it is enabled again; PoE off cuts power', async () => {
    const f = await office(21);
    const sw = f.devices.find(
      (d) =>
        d.model.kind === 'switch' &&
        d.plan.children.some((i) => {
          const c = f.devices[i];
          return !!c && c.plan.poeWatts > 0 && c.plan.children.length > 0;
        }),
    );
    if (!sw) throw new Error('no PoE switch with a unit that has units behind it');
    const child = sw.plan.children.map((i) => f.devices[i]).find((c) => !!c && c.plan.children.length > 0);
    const grandchild = f.devices[child?.plan.children[0] ?? -1];
    const port = child?.plan.uplink?.port;
    if (!child || !grandchild || port === undefined) throw new Error('no child');
    await sim.broker.waitFor(() => sim.broker.connected.has(grandchild.sn));
    const wattsOn = () => lastState(sw.sn).ports.find((p) => p.id === port)?.poe;
    await sim.broker.waitFor(() => (wattsOn()?.watts ?? 0) > 0);

    // Port disabled: link down at once, the unit (still powered) and the one behind it go offline.
    await config(sw.sn, 10, switchDoc([{ ...factoryPort(sw, port), enabled: false }]));
    await sim.broker.waitFor(() => results(sw.sn).length === 1);
    expect(results(sw.sn)[0]).toEqual({ version: 10, ok: true });
    expect(lastState(sw.sn).ports.find((p) => p.id === port)).toMatchObject({ link: 'down', speed: 0 });
    await sim.broker.waitFor(
      () => !sim.broker.connected.has(child.sn) && !sim.broker.connected.has(grandchild.sn),
    );
    await sim.broker.waitFor(() => sim.broker.messages(child.sn, 'state').at(-1)?.data.status === 0);
    expect(child.powered).toBe(true);
    const bootBefore = sim.broker.messages(child.sn, 'hello').at(-1)?.data.bootId;
    const hellos = sim.broker.messages(child.sn, 'hello').length;

    // Enabled again: both come back, the child with the same boot (it never lost power).
    await config(sw.sn, 11, switchDoc([factoryPort(sw, port)]));
    await sim.broker.waitFor(() => sim.broker.messages(child.sn, 'hello').length > hellos, 5000);
    expect(sim.broker.messages(child.sn, 'hello').at(-1)?.data.bootId).toBe(bootBefore);
    await sim.broker.waitFor(() => sim.broker.connected.has(grandchild.sn), 5000);

    // PoE off: the unit loses power and the port delivers 0 W; on again, it boots.
    await sim.broker.waitFor(() => (wattsOn()?.watts ?? 0) > 0);
    await config(sw.sn, 12, switchDoc([{ ...factoryPort(sw, port), poe: false }]));
    await sim.broker.waitFor(() => results(sw.sn).length === 3);
    expect(wattsOn()).toEqual({ on: false, watts: 0 });
    await sim.broker.waitFor(() => !sim.broker.connected.has(child.sn));
    expect(child.powered).toBe(false);
    const hellosOff = sim.broker.messages(child.sn, 'hello').length;
    await config(sw.sn, 13, switchDoc([factoryPort(sw, port)]));
    await sim.broker.waitFor(() => sim.broker.messages(child.sn, 'hello').length > hellosOff, 5000);
    expect(sim.broker.messages(child.sn, 'hello').at(-1)?.data.bootId).not.toBe(bootBefore);
    await sim.broker.waitFor(() => (wattsOn()?.watts ?? 0) > 0);
    expect(sw.appliedVersions).toEqual([10, 11, 12, 13]);
  }, 20_000);

  it('reports a fixed port speed and duplex', async () => {
    const f = await office(24);
    // A unit on a copper port (an SFP cage cannot be fixed below 1 Gbit/s).
    const onCopper = (d: VirtualDevice) =>
      d.plan.children
        .map((i) => f.devices[i]?.plan.uplink?.port)
        .find((p) => p !== undefined && d.model.ports[p - 1]?.media === 'copper');
    const sw = f.devices.find((d) => d.model.kind === 'switch' && onCopper(d) !== undefined);
    const port = sw && onCopper(sw);
    if (!sw || port === undefined) throw new Error('no switch with a unit on a copper port');
    await config(sw.sn, 3, switchDoc([{ ...factoryPort(sw, port), speed: 100, duplex: 'half' }]));
    await sim.broker.waitFor(() => results(sw.sn).length === 1);
    expect(results(sw.sn)[0]).toEqual({ version: 3, ok: true });
    expect(lastState(sw.sn).ports.find((p) => p.id === port)).toMatchObject({
      link: 'up',
      speed: 100,
      duplex: 'half',
    });
  });

  it('answers routeTable with the connected segments, the WAN default route and the static routes', async () => {
    const f = await office(25);
    const gw = gatewayOf(f);
    const lease = gw.lease;
    if (!lease) throw new Error('no lease');
    await config(gw.sn, 8, {
      network: network(gw, {
        ...lanOn('192.168.30'),
        vlans: [{ id: 40, name: 'Cameras', ip: '172.16.40.1', mask: '255.255.255.0', dhcp: false }],
        staticRoutes: [
          { name: 'lab', destination: '10.77.0.0', mask: '255.255.0.0', nextHop: '172.16.40.254' },
          { name: 'branch', destination: '10.88.1.0', mask: '255.255.255.0', nextHop: '192.168.30.250' },
        ],
      }),
    });
    await sim.broker.waitFor(() => results(gw.sn).length === 1);
    const reply = await command(gw.sn, 'routeTable');
    expect(reply.ok).toBe(true);
    const { routes } = routeTableResultSchema.parse(reply.result);
    const [a, b, c] = lease.ip.split('.');
    expect(routes).toEqual([
      {
        destination: '192.168.30.0',
        mask: '255.255.255.0',
        gateway: '0.0.0.0',
        interface: 'LAN',
        metric: 0,
        type: 'connected',
      },
      {
        destination: '172.16.40.0',
        mask: '255.255.255.0',
        gateway: '0.0.0.0',
        interface: 'VLAN40',
        metric: 0,
        type: 'connected',
      },
      {
        destination: `${a}.${b}.${c}.0`,
        mask: lease.mask,
        gateway: '0.0.0.0',
        interface: 'WAN1',
        metric: 0,
        type: 'connected',
      },
      {
        destination: '0.0.0.0',
        mask: '0.0.0.0',
        gateway: lease.gateway,
        interface: 'WAN1',
        metric: 0,
        type: 'default',
      },
      {
        destination: '10.77.0.0',
        mask: '255.255.0.0',
        gateway: '172.16.40.254',
        interface: 'VLAN40',
        metric: 1,
        type: 'static',
      },
      {
        destination: '10.88.1.0',
        mask: '255.255.255.0',
        gateway: '192.168.30.250',
        interface: 'LAN',
        metric: 1,
        type: 'static',
      },
    ]);
    // A switch has no routing table.
    const sw = f.devices.find((d) => d.model.kind === 'switch');
    if (!sw) throw new Error('no switch');
    expect(await command(sw.sn, 'routeTable')).toMatchObject({
      ok: false,
      code: ERR.DEVICE_OPERATION_UNSUPPORTED,
    });
  });

  it('keeps its version over a reboot and answers the retained copy at SUBSCRIBE without applying it again', async () => {
    const f = await office(26, { configReplyDelayMs: 0 });
    const gw = gatewayOf(f);
    await config(gw.sn, 9, { network: network(gw) });
    await sim.broker.waitFor(() => results(gw.sn).length === 1);
    await command(gw.sn, 'reboot');
    await sim.broker.waitFor(() => sim.broker.messages(gw.sn, 'hello').length >= 2, 5000);
    expect(sim.broker.messages(gw.sn, 'hello')[1]?.data.configVersion).toBe(9);
    // The broker hands the retained config over after SUBSCRIBE: a duplicate, same answer.
    await sim.broker.waitFor(() => results(gw.sn).length === 2);
    expect(results(gw.sn)[1]).toEqual({ version: 9, ok: true });
    expect(gw.appliedVersions).toEqual([9]);
    expect(f.stats()).toMatchObject({ configApplied: 1, configDuplicates: 1 });
  });

  it('records every apply with its content: the same settings under a new version show as applied again', async () => {
    const f = await office(28, { configReplyDelayMs: 0 });
    const gw = gatewayOf(f);
    const doc = { network: network(gw, lanOn('192.168.30')) };
    await config(gw.sn, 4, doc);
    await config(gw.sn, 5, { network: network(gw, lanOn('192.168.31')) });
    // A new version whose document is the one in force: firmware applies it (it is a new version)…
    await config(gw.sn, 6, { network: network(gw, lanOn('192.168.31')) });
    await sim.broker.waitFor(() => results(gw.sn).length === 3);
    expect(gw.appliedVersions).toEqual([4, 5, 6]);
    // …and the record says it was the content already running; version 4's content differs.
    expect(gw.applies.map((a) => a.sameContent)).toEqual([false, false, true]);
    expect(gw.applies[1]?.hash).toBe(gw.applies[2]?.hash);
    expect(gw.applies[0]?.hash).not.toBe(gw.applies[1]?.hash);
    expect(gw.duplicateContentApplies).toBe(1);
    expect(f.stats()).toMatchObject({ configApplied: 3, configDuplicateContent: 1, configDuplicates: 0 });
  });

  it('waits the apply delay, and a newer version arriving meanwhile supersedes the pending one', async () => {
    const f = await office(27, { timeFactor: 1, configReplyDelayMs: 400 });
    const gw = gatewayOf(f);
    const sent = Date.now();
    await config(gw.sn, 2, { network: network(gw) });
    await config(gw.sn, 3, { network: network(gw, lanOn('192.168.40')) });
    await sim.broker.waitFor(() => results(gw.sn).length === 1);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(350);
    expect(results(gw.sn)).toEqual([{ version: 3, ok: true }]);
    expect(gw.appliedVersions).toEqual([3]);
    expect(lastState(gw.sn).ip).toBe('192.168.40.1');
  });
});
