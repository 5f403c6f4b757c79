import { defaultNetworkSettings, ERR, MANAGEMENT_MODES } from '@netloom/domain';
import { isFullState } from '@netloom/protocol';
import { describe, expect, it } from 'vitest';
import type { VirtualDevice } from './device/device';
import { wanPorts } from './device/wan';
import type { Fleet } from './fleet';
import { useTestBroker } from './testing/useTestBroker';

const KEY = 'sim-test-provisioning-key-0123456789';
const NOON = Date.UTC(2026, 5, 10, 12);

const sim = useTestBroker(KEY);

async function office(seed: number): Promise<Fleet> {
  const f = sim.start({
    seed,
    devices: 6,
    mix: 'office',
    timeFactor: 300,
    startTime: NOON,
    utcOffsetHours: 0,
    rampMs: 50,
    minRealIntervalMs: 200,
    churnPerHour: 0,
    eventsPerHour: 0,
    configReplyDelayMs: 0,
  });
  await sim.broker.waitFor(() => f.devices.every((d) => sim.broker.messages(d.sn, 'hello').length > 0));
  return f;
}

let seq = 0;
/** Sends a command and waits for its reply. */
async function command(sn: string, name: string, args: Record<string, unknown> = {}) {
  const id = `mm_${++seq}`;
  await sim.broker.send(sn, 'command', { id, name, args, expiresAt: Date.now() + 60_000 });
  await sim.broker.waitFor(() => sim.broker.messages(sn, 'reply').some((r) => r.data.id === id));
  return sim.broker.messages(sn, 'reply').find((r) => r.data.id === id)?.data;
}
const modes = (sn: string) =>
  sim.broker.messages(sn, 'state').flatMap((m) => (isFullState(m.data) ? [m.data.managementMode] : []));
const results = (sn: string) =>
  sim.broker.messages(sn, 'configResult').map(({ data: { ts: _ts, v: _v, ...r } }) => r);
const gatewayOf = (f: Fleet): VirtualDevice => {
  const gw = f.devices.find((d) => d.plan.uplink === null);
  if (!gw) throw new Error('no gateway');
  return gw;
};

describe('management mode (issue 15, docs/protocol.md §7.2 "Management mode")', () => {
  it('reports cloud management, switches to local and back, each reported in a state at once', async () => {
    const f = await office(41);
    const gw = gatewayOf(f);
    await sim.broker.waitFor(() => modes(gw.sn).length > 0);
    expect(modes(gw.sn).at(-1)).toBe(MANAGEMENT_MODES.CLOUD);

    expect(await command(gw.sn, 'setManagementMode', { mode: 2 })).toMatchObject({ ok: true });
    await sim.broker.waitFor(() => modes(gw.sn).at(-1) === MANAGEMENT_MODES.LOCAL);
    expect(gw.managementMode).toBe(MANAGEMENT_MODES.LOCAL);

    expect(await command(gw.sn, 'setManagementMode', { mode: 1 })).toMatchObject({ ok: true });
    await sim.broker.waitFor(() => modes(gw.sn).at(-1) === MANAGEMENT_MODES.CLOUD);
    expect(await command(gw.sn, 'setManagementMode', { mode: 3 })).toMatchObject({
      ok: false,
      code: ERR.INVALID_PARAMETERS,
    });
    expect(sim.broker.failures()).toEqual([]);
  }, 20_000);

  it('in local mode refuses configuration and other commands with 76, and keeps the mode over a restart', async () => {
    const f = await office(42);
    const gw = gatewayOf(f);
    await command(gw.sn, 'setManagementMode', { mode: 2 });
    const network = defaultNetworkSettings(wanPorts(gw.model));
    await sim.broker.send(gw.sn, 'config', { version: 4, document: { network } });
    await sim.broker.waitFor(() => results(gw.sn).length === 1);
    expect(results(gw.sn)[0]).toMatchObject({ version: 4, ok: false, code: ERR.LOCAL_MODE_UNSUPPORTED });
    expect(gw.configVersion).toBe(0);
    expect(await command(gw.sn, 'locate', { minutes: 1 })).toMatchObject({
      ok: false,
      code: ERR.LOCAL_MODE_UNSUPPORTED,
    });

    // Its own restart (a power cycle on site): it comes back still managed locally.
    gw.restart('reboot');
    await sim.broker.waitFor(() => sim.broker.messages(gw.sn, 'hello').length >= 2, 10_000);
    const statesBefore = modes(gw.sn).length;
    await sim.broker.waitFor(() => modes(gw.sn).length > statesBefore);
    expect(modes(gw.sn).at(-1)).toBe(MANAGEMENT_MODES.LOCAL);

    // Back to cloud management: a new version is applied again.
    await command(gw.sn, 'setManagementMode', { mode: 1 });
    const before = results(gw.sn).length;
    await sim.broker.send(gw.sn, 'config', { version: 5, document: { network } });
    await sim.broker.waitFor(() => results(gw.sn).length > before);
    expect(results(gw.sn).at(-1)).toEqual({ version: 5, ok: true });
    expect(gw.configVersion).toBe(5);
    expect(sim.broker.failures()).toEqual([]);
  }, 30_000);
});
