import { ERR } from '@netloom/domain';
import { isFullState } from '@netloom/protocol';
import { describe, expect, it } from 'vitest';
import type { Fleet, FleetOptions } from './fleet';
import { planFleet } from './plan/plan';
import { useTestBroker } from './testing/useTestBroker';

const KEY = 'sim-test-provisioning-key-0123456789';
const NOON = Date.UTC(2026, 5, 10, 12);

const sim = useTestBroker(KEY);

function run(o: Partial<FleetOptions>): Fleet {
  const fleet = sim.start({
    seed: 11,
    timeFactor: 120,
    startTime: NOON,
    utcOffsetHours: 0,
    rampMs: 100,
    minRealIntervalMs: 200,
    churnPerHour: 0,
    eventsPerHour: 0,
    ...o,
  });
  return fleet;
}

const future = () => Date.now() + 60_000;

describe('virtual devices over MQTT', () => {
  it('connects every device type with its derived secret; every message it sends passes decodeUp', async () => {
    const f = run({ mix: 'tour', devices: 40, eventsPerHour: 60 });
    await sim.broker.waitFor(
      () => f.devices.every((d) => sim.broker.messages(d.sn, 'telemetry').length >= 3),
      20_000,
    );
    expect(sim.broker.failures().map((r) => r.decoded)).toEqual([]);
    for (const d of f.devices) {
      expect(sim.broker.connected.has(d.sn), d.sn).toBe(true);
      // §4: hello comes first after connecting.
      const mine = sim.broker.received.filter((r) => r.decoded.ok && r.decoded.sn === d.sn);
      expect(mine[0]?.decoded.ok && mine[0].decoded.message).toBe('hello');
      const hello = sim.broker.messages(d.sn, 'hello')[0]?.data;
      expect(hello?.model).toBe(d.model.model);
      expect(hello?.type).toBe(d.model.kind);
      const state = sim.broker.messages(d.sn, 'state').at(-1)?.data;
      if (!state || !isFullState(state)) throw new Error(`no full state from ${d.sn}`);
      expect(state.ports).toHaveLength(d.model.ports.length);
      expect(state.radios.map((r) => r.band)).toEqual(d.model.radios.map((r) => r.band));
      expect(state.uplink?.sn ?? null).toBe(d.plan.uplink?.parentSn ?? null);
      if (d.model.maxClients > 0 && d.model.kind !== 'nvr' && d.model.kind !== 'ipc')
        expect(sim.broker.messages(d.sn, 'clients').length, d.model.model).toBeGreaterThan(0);
    }
    // Counters only grow within a boot.
    const sw = f.devices.find((d) => d.model.model === 'NL-S148P');
    const t = sim.broker.messages(sw?.sn ?? '', 'telemetry').map((m) => m.data.rxBytes);
    expect(t).toEqual([...t].sort((a, b) => a - b));
    // A PoE switch reports the draw of the APs and cameras it powers; an NVR its camera channels.
    const swState = sim.broker.messages(sw?.sn ?? '', 'state').at(-1)?.data;
    expect(swState && isFullState(swState) && swState.ports.some((p) => p.poe?.on && p.poe.watts > 0)).toBe(
      true,
    );
    const nvr = f.devices.find((d) => d.model.model === 'NL-N8P');
    const nvrState = sim.broker.messages(nvr?.sn ?? '', 'state').at(-1)?.data;
    expect(nvrState && isFullState(nvrState) && nvrState.channels?.length).toBeGreaterThan(0);
    expect(f.devices.some((d) => sim.broker.messages(d.sn, 'events').length > 0)).toBe(true);
    expect(f.stats().online).toBe(40);
    // Everything published arrives (some messages may still be in flight right now).
    await sim.broker.waitFor(() => sim.broker.received.length === f.stats().published);
  }, 30_000);

  it('is refused with the wrong provisioning key and backs off instead of hammering', async () => {
    const f = run({
      devices: 3,
      provisioningKey: 'not-the-factory-key',
      backoff: { firstMinMs: 50, firstMaxMs: 100, capMs: 400, authMinMs: 300 },
    });
    await sim.broker.waitFor(() => f.stats().authRefusals >= 3, 5000);
    await new Promise((r) => setTimeout(r, 400));
    expect(sim.broker.received).toHaveLength(0);
    // Three devices, at least 300 ms between attempts after a refusal: only a few attempts each.
    expect(f.stats().authRefusals).toBeLessThanOrEqual(3 * 3);
  });

  it('kicks a client off at once and answers the command', async () => {
    // Slower time here: a kicked client stays away 5–20 simulated minutes, i.e. ≥ 15 s real.
    const f = run({ mix: 'office', devices: 30, timeFactor: 20 });
    const aps = f.devices.filter((d) => d.model.kind === 'ap');
    const withClients = () =>
      aps.find((d) => (sim.broker.messages(d.sn, 'clients').at(-1)?.data.clients.length ?? 0) > 0);
    await sim.broker.waitFor(() => withClients() !== undefined);
    const ap = withClients();
    if (!ap) throw new Error('no AP with clients');
    const mac = sim.broker.messages(ap.sn, 'clients').at(-1)?.data.clients[0]?.mac ?? '';
    await sim.broker.send(ap.sn, 'command', {
      id: 'kick_1',
      name: 'kickClient',
      args: { mac },
      expiresAt: future(),
    });
    await sim.broker.waitFor(() => sim.broker.messages(ap.sn, 'reply').length > 0);
    expect(sim.broker.messages(ap.sn, 'reply')[0]?.data).toMatchObject({ id: 'kick_1', ok: true });
    expect([...ap.clients()].some((c) => c.mac === mac)).toBe(false);
    // The device publishes its table at once, without the client (who stays away a while).
    const repliedAt = sim.broker.received.length;
    const tablesAfter = () =>
      sim.broker.received
        .slice(repliedAt)
        .map((r) => r.decoded)
        .flatMap((d) => (d.ok && d.sn === ap.sn && d.message === 'clients' ? [d.data.clients] : []));
    await sim.broker.waitFor(() => tablesAfter().length >= 2, 5000);
    for (const table of tablesAfter()) expect(table.map((c) => c.mac)).not.toContain(mac);
    expect([...ap.clients()].some((c) => c.mac === mac)).toBe(false);
    // A bad MAC is refused with 400.
    await sim.broker.send(ap.sn, 'command', {
      id: 'kick_2',
      name: 'kickClient',
      args: { mac: 'nope' },
      expiresAt: future(),
    });
    await sim.broker.waitFor(() => sim.broker.messages(ap.sn, 'reply').length > 1);
    expect(sim.broker.messages(ap.sn, 'reply')[1]?.data).toMatchObject({
      id: 'kick_2',
      ok: false,
      code: ERR.INVALID_PARAMETERS,
    });
  }, 20_000);

  it('reboots: progress, reply, status 8, offline for a simulated minute, back with a new boot id and reset counters', async () => {
    const f = run({ mix: 'office', devices: 5, timeFactor: 300 });
    const gw = f.devices[0];
    if (!gw) throw new Error('no device');
    await sim.broker.waitFor(() => sim.broker.messages(gw.sn, 'telemetry').length >= 3);
    const before = sim.broker.messages(gw.sn, 'hello')[0]?.data.bootId;
    const bytesBefore = sim.broker.messages(gw.sn, 'telemetry').at(-1)?.data.rxBytes ?? 0;
    await sim.broker.send(gw.sn, 'command', { id: 'rb_1', name: 'reboot', args: {}, expiresAt: future() });
    await sim.broker.waitFor(() => sim.broker.messages(gw.sn, 'hello').length >= 2, 10_000);
    const mine = sim.broker.received
      .filter((r) => r.decoded.ok && r.decoded.sn === gw.sn)
      .map((r) => r.decoded);
    const order = mine.map((m) => (m.ok ? m.message : '')).join(' ');
    expect(order).toMatch(/progress reply state hello/);
    const eight = mine.find((m) => m.ok && m.message === 'state' && m.data.status === 8);
    expect(eight).toBeDefined();
    const hellos = sim.broker.messages(gw.sn, 'hello');
    expect(hellos[1]?.data.bootId).not.toBe(before);
    // The first telemetry of the new boot (sent right after hello) counts from zero again.
    await sim.broker.waitFor(() => {
      const seq = sim.broker.received
        .filter((r) => r.decoded.ok && r.decoded.sn === gw.sn)
        .map((r) => r.decoded);
      return seq
        .slice(seq.findLastIndex((m) => m.ok && m.message === 'hello'))
        .some((m) => m.ok && m.message === 'telemetry');
    });
    const seq = sim.broker.received
      .filter((r) => r.decoded.ok && r.decoded.sn === gw.sn)
      .map((r) => r.decoded);
    const first = seq
      .slice(seq.findLastIndex((m) => m.ok && m.message === 'hello'))
      .find((m) => m.ok && m.message === 'telemetry');
    const after = first?.ok && first.message === 'telemetry' ? first.data.rxBytes : Number.POSITIVE_INFINITY;
    expect(after).toBeLessThan(bytesBefore);
    expect(f.stats().reboots).toBe(1);
  }, 20_000);

  it('upgrades firmware: stages, reply, reboot into the new version', async () => {
    const f = run({ mix: 'office', devices: 3, timeFactor: 600 });
    const d = f.devices.find((x) => x.model.capabilities.includes('upgrade'));
    if (!d) throw new Error('no upgradable device');
    const newest = d.model.firmwareVersions.at(-1);
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'hello').length > 0);
    await sim.broker.send(d.sn, 'command', { id: 'up_1', name: 'upgrade', args: {}, expiresAt: future() });
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'hello').length >= 2, 10_000);
    expect(sim.broker.messages(d.sn, 'progress').map((p) => p.data.stage)).toEqual([
      'waiting',
      'downloading',
      'downloading',
      'upgrading',
      'restarting',
    ]);
    expect(sim.broker.messages(d.sn, 'reply')[0]?.data).toMatchObject({ id: 'up_1', ok: true });
    expect(sim.broker.messages(d.sn, 'hello')[1]?.data.firmwareVersion).toBe(newest);
    await sim.broker.waitFor(() =>
      sim.broker
        .messages(d.sn, 'events')
        .some((e) => e.data.events.some((x) => x.code === 'upgrade_finished')),
    );
    // A version the model does not have is refused with 915.
    await sim.broker.send(d.sn, 'command', {
      id: 'up_2',
      name: 'upgrade',
      args: { version: 'V9.9.9' },
      expiresAt: future(),
    });
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'reply').length >= 2);
    expect(sim.broker.messages(d.sn, 'reply')[1]?.data).toMatchObject({
      id: 'up_2',
      ok: false,
      code: ERR.FIRMWARE_MODEL_MISMATCH,
    });
  }, 20_000);

  it('answers unknown commands with 913, executes an id once, ignores expired commands', async () => {
    const f = run({ mix: 'office', devices: 3 });
    const d = f.devices[1];
    if (!d) throw new Error('no device');
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'hello').length > 0);
    await sim.broker.send(d.sn, 'command', { id: 'x_1', name: 'frobnicate', args: {}, expiresAt: future() });
    await sim.broker.send(d.sn, 'command', { id: 'x_1', name: 'frobnicate', args: {}, expiresAt: future() });
    await sim.broker.send(d.sn, 'command', {
      id: 'x_2',
      name: 'reboot',
      args: {},
      expiresAt: Date.now() - 1000,
    });
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'reply').length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    const replies = sim.broker.messages(d.sn, 'reply').map((m) => m.data);
    expect(replies).toHaveLength(2);
    for (const r of replies)
      expect(r).toMatchObject({ id: 'x_1', ok: false, code: ERR.DEVICE_OPERATION_UNSUPPORTED });
    expect(f.stats().commands).toBe(1);
    expect(f.stats().reboots).toBe(0);
  });

  it('applies a newer configuration and reports it, also a retained one waiting at connect', async () => {
    const early = planFleet({ seed: 11, devices: 2, mix: 'office' }).devices[1]?.sn ?? '';
    await sim.broker.send(early, 'config', { version: 50, document: {} });
    const f = run({ mix: 'office', devices: 2 });
    const d = f.devices[0];
    if (!d) throw new Error('no device');
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'hello').length > 0);
    await sim.broker.send(d.sn, 'config', { version: 99, document: {} });
    await sim.broker.waitFor(() =>
      sim.broker.messages(d.sn, 'events').some((e) => e.data.events[0]?.code === 'config_applied'),
    );
    const last = sim.broker.messages(d.sn, 'state').at(-1)?.data;
    expect(last && isFullState(last) && last.configVersion).toBe(99);
    await sim.broker.waitFor(() =>
      sim.broker.messages(early, 'events').some((e) => e.data.events[0]?.code === 'config_applied'),
    );
    const first = sim.broker.received.find((r) => r.decoded.ok && r.decoded.sn === early);
    expect(first?.decoded.ok && first.decoded.message).toBe('hello');
    const s = sim.broker.messages(early, 'state').at(-1)?.data;
    expect(s && isFullState(s) && s.configVersion).toBe(50);
  });

  it('speaks the same protocol over WebSocket at /mqtt', async () => {
    const f = run({ url: sim.broker.wsUrl, mix: 'home', devices: 4, validate: true });
    await sim.broker.waitFor(() => f.devices.every((d) => sim.broker.messages(d.sn, 'telemetry').length > 0));
    expect(sim.broker.failures()).toEqual([]);
    expect(f.stats().online).toBe(4);
  });

  it('goes offline abruptly (the broker publishes its will) and reconnects with the same boot', async () => {
    const f = run({
      mix: 'office',
      devices: 2,
      backoff: { firstMinMs: 50, firstMaxMs: 100, capMs: 400, authMinMs: 400 },
    });
    const d = f.devices[0];
    if (!d) throw new Error('no device');
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'telemetry').length > 0);
    d.drop('network', 1000);
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'state').some((s) => s.data.status === 0));
    await sim.broker.waitFor(() => sim.broker.messages(d.sn, 'hello').length >= 2, 5000);
    const [a, b] = sim.broker.messages(d.sn, 'hello');
    expect(b?.data.bootId).toBe(a?.data.bootId);
    expect(f.stats().reconnects).toBe(1);
  });
});
