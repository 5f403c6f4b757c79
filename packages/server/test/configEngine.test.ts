import {
  deliveryState,
  deliveryText,
  type NetworkConfigView,
  type ProjectConfigStatus,
  type SaveConfigResult,
  type SwitchConfigView,
} from '@netloom/domain';
import type { ConfigMessage } from '@netloom/protocol';
import { expect, it } from 'vitest';
import { type FakeIdentity, GATEWAY, POE_SWITCH, useFakeDeviceProjects } from './configFakeDevice';

/** A wired router: a second routing device when the project already has its gateway. */
const SECOND_ROUTER: FakeIdentity = { model: 'NL-R200', type: 'router', firmwareVersion: 'V1.0.7' };

import { devicePublish, TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

describeEachDb('configuration engine (desired state over MQTT)', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLC');
  const { newProject, addDevice } = kit;

  async function networkView(projectId: number) {
    const res = await kit.owner.get<NetworkConfigView>(`/api/projects/${projectId}/config/network`);
    expect(res.body.code).toBe(0);
    return res.body.data as NetworkConfigView;
  }

  async function saveNetwork(projectId: number, mutate: (s: NetworkConfigView['settings']) => void) {
    const view = await networkView(projectId);
    const settings = structuredClone(view.settings);
    mutate(settings);
    return kit.owner.call<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/network`, {
      baseVersion: view.version,
      settings,
    });
  }

  const addGuestVlan = (s: NetworkConfigView['settings']) => {
    s.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false });
  };

  async function statusOf(projectId: number, deviceId: number) {
    await get().app.features.config.engine.drain();
    const res = await kit.owner.get<ProjectConfigStatus>(`/api/projects/${projectId}/config/status`);
    return res.body.data?.devices.find((d) => d.deviceId === deviceId);
  }

  function waitStatus(projectId: number, deviceId: number, status: string) {
    return waitFor(
      async () => {
        const s = await statusOf(projectId, deviceId);
        return s?.status === status ? s : undefined;
      },
      { what: `device ${deviceId} ${status}` },
    );
  }

  it('a second routing device (67) never receives the gateway’s network document; the view names it', async () => {
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    const sw = await addDevice(projectId, POE_SWITCH);
    // Added by SN before it first connected: its hello says it is a router too.
    const router = await addDevice(projectId, SECOND_ROUTER);
    const view = await networkView(projectId);
    expect(view.gateway?.deviceId).toBe(gw.id);
    expect(view.secondRouters).toEqual([
      { deviceId: router.id, sn: router.sn, name: router.sn, model: 'NL-R200' },
    ]);

    const res = await saveNetwork(projectId, addGuestVlan);
    expect(res.body.code).toBe(0);
    // Delivered to the gateway and the switch only: no target that could refuse the WAN layout.
    expect(res.body.data?.delivery).toMatchObject({ targets: 2, online: 2, skipped: [] });
    await waitStatus(projectId, gw.id, 'applied');
    await waitStatus(projectId, sw.id, 'applied');
    await get().app.features.config.engine.drain();
    expect(router.dev.configs.filter((c) => c.document.network !== undefined)).toEqual([]);
    const after = await networkView(projectId);
    expect(after.targets.map((t) => t.deviceId).sort()).toEqual([gw.id, sw.id].sort());
    expect(after.targets.every((t) => t.status === 'applied')).toBe(true);
  });

  it('a network save goes to the gateway and the VLAN list to the switch: pending → applied', async () => {
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    const sw = await addDevice(projectId, POE_SWITCH);
    const events: unknown[] = [];
    const off = get().app.devicePlane.bus.subscribe(projectId, (e) => events.push(e));

    const res = await saveNetwork(projectId, addGuestVlan);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      version: 1,
      delivery: { targets: 2, online: 2, queued: 0, skipped: [] },
    });

    const gwConfig = await gw.dev.waitConfig(1);
    expect(gwConfig.document.network?.vlans.map((v) => v.id)).toEqual([20]);
    expect(gwConfig.document.switching).toBeUndefined();
    const swConfig = await sw.dev.waitConfig(1);
    expect(swConfig.document.switching?.vlans).toEqual([{ id: 20, name: 'Guest' }]);
    expect(swConfig.document.network).toBeUndefined();

    const applied = await waitStatus(projectId, gw.id, 'applied');
    expect(applied).toMatchObject({ desiredVersion: 1, appliedVersion: 1, pendingSince: null });
    await waitStatus(projectId, sw.id, 'applied');
    off();
    const statuses = events.filter((e) => (e as { type: string }).type === 'config.status');
    expect(statuses).toContainEqual(expect.objectContaining({ deviceId: gw.id, status: 'pending' }));
    expect(statuses).toContainEqual(expect.objectContaining({ deviceId: gw.id, status: 'applied' }));

    // The same settings saved again render the same documents: nothing new is delivered.
    const again = await saveNetwork(projectId, () => {});
    expect(again.body.data?.version).toBe(2);
    await get().app.features.config.engine.drain();
    expect(gw.dev.configs.filter((c) => c.version > 1)).toEqual([]);
    expect((await statusOf(projectId, gw.id))?.desiredVersion).toBe(1);
  });

  it('an offline switch is queued and converges on reconnect (hello with an older version → resend)', async () => {
    const projectId = await newProject();
    const sw = await addDevice(projectId, POE_SWITCH, false);
    const res = await saveNetwork(projectId, addGuestVlan);
    expect(res.body.data?.delivery).toMatchObject({ targets: 1, online: 0, queued: 1 });
    const pending = await statusOf(projectId, sw.id);
    expect(pending).toMatchObject({ status: 'pending', online: false, desiredVersion: 1, appliedVersion: 0 });
    expect(pending?.pendingSince).toBeTypeOf('number');

    await sw.dev.boot();
    await sw.dev.waitConfig(1);
    await waitStatus(projectId, sw.id, 'applied');
    expect(sw.dev.applied).toBe(1);
  });

  it('one device refuses: the save, the page and the project status count the same devices the same way', async () => {
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    const sw1 = await addDevice(projectId, POE_SWITCH);
    const sw2 = await addDevice(projectId, POE_SWITCH);
    gw.dev.refuse = { code: 104, message: 'VLAN 20 overlaps WAN 192.168.20.0/24' };
    const res = await saveNetwork(projectId, addGuestVlan);
    expect(res.body.code).toBe(0);
    const delivery = res.body.data?.delivery;
    // The save names exactly the devices the document reaches, with the version that carries it.
    expect(delivery?.devices.map((d) => d.deviceId).sort()).toEqual([gw.id, sw1.id, sw2.id].sort());
    expect(delivery?.devices.every((d) => d.version === 1)).toBe(true);
    await waitStatus(projectId, gw.id, 'failed');
    await waitStatus(projectId, sw1.id, 'applied');
    await waitStatus(projectId, sw2.id, 'applied');

    const view = await networkView(projectId);
    const status = (await kit.owner.get<ProjectConfigStatus>(`/api/projects/${projectId}/config/status`)).body
      .data as ProjectConfigStatus;
    const saved = new Set(delivery?.devices.map((d) => d.deviceId));
    const surfaces = {
      page: view.targets,
      notification: status.devices.filter((d) => saved.has(d.deviceId)),
      header: status.devices,
    };
    const words = Object.values(surfaces).map((t) => deliveryText(deliveryState(t), Date.now()));
    expect(words).toEqual(Array(3).fill(`Applied on 2 of 3 · 1 failed — ${gw.sn}`));
    expect(deliveryText(deliveryState(status.devices), Date.now(), true)).toBe(`1 failed — ${gw.sn}`);
    expect(status).toMatchObject({ applied: 2, failed: 1, pending: 0 });
    expect(deliveryState(view.targets).failures).toEqual([
      {
        deviceId: gw.id,
        name: gw.sn,
        reason: 'The VLAN IP address overlaps the WAN segment — VLAN 20 overlaps WAN 192.168.20.0/24',
      },
    ]);
  });

  it('a refused version is failed with the device code; older and repeated results change nothing', async () => {
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    gw.dev.refuse = { code: 104, message: 'VLAN 20 overlaps WAN 192.168.20.0/24' };
    await saveNetwork(projectId, addGuestVlan);
    const failed = await waitStatus(projectId, gw.id, 'failed');
    expect(failed).toMatchObject({ failedCode: 104, failedMessage: 'VLAN 20 overlaps WAN 192.168.20.0/24' });

    // A failed version is not resent on hello (the user fixes the settings instead).
    const before = gw.dev.configs.length;
    await gw.dev.close();
    gw.dev.refuse = null;
    await gw.dev.boot();
    await get().app.features.config.engine.drain();
    // The retained copy arrives on subscribe; nothing else is pushed.
    await waitFor(() => (gw.dev.configs.length > before ? true : undefined), { what: 'retained config' });
    expect(gw.dev.configs.length).toBe(before + 1);
    expect((await statusOf(projectId, gw.id))?.status).toBe('failed');

    // A fix makes a new version, which applies; a late result for version 1 is ignored.
    await saveNetwork(projectId, (s) => {
      const v = s.vlans[0];
      if (v) v.ip = '192.168.30.1';
    });
    await waitStatus(projectId, gw.id, 'applied');
    const client = gw.dev.client;
    if (!client) throw new Error('offline');
    await devicePublish(client, gw.sn, 'configResult', { version: 1, ok: false, code: 104 });
    await devicePublish(client, gw.sn, 'configResult', { version: 2, ok: true });
    expect(await statusOf(projectId, gw.id)).toMatchObject({
      status: 'applied',
      desiredVersion: 2,
      failedCode: null,
    });
  });

  it('a device reporting a version above the desired one is moved past it with the same document', async () => {
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    await saveNetwork(projectId, addGuestVlan);
    await waitStatus(projectId, gw.id, 'applied');
    const first = gw.dev.configs.at(-1) as ConfigMessage;
    // The database was restored from an older backup: the device runs version 7.
    await gw.dev.close();
    gw.dev.applied = 7;
    await gw.dev.boot();
    const next = await gw.dev.waitConfig(8);
    expect(next.version).toBe(8);
    expect(next.document).toEqual(first.document);
    await waitStatus(projectId, gw.id, 'applied');
  });

  it('a device joining a project with saved settings gets its document on its first hello', async () => {
    const projectId = await newProject();
    await addDevice(projectId, GATEWAY);
    await saveNetwork(projectId, addGuestVlan);
    const sw = await addDevice(projectId, POE_SWITCH);
    const cfg = await sw.dev.waitConfig(1);
    expect(cfg.document.switching?.vlans).toEqual([{ id: 20, name: 'Guest' }]);
    await waitStatus(projectId, sw.id, 'applied');
  });

  it('the reconcile tick resends to online devices still pending after the resend interval', async () => {
    const t = get();
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    // A device that never answers (e.g. it lost the message): stays pending.
    gw.dev.silent = true;
    await saveNetwork(projectId, addGuestVlan);
    await gw.dev.waitConfig(1);
    expect(await t.app.features.config.engine.reconcile()).toBe(0); // just sent
    t.clock.advance(16);
    expect(await t.app.features.config.engine.reconcile()).toBe(1);
    await waitFor(() => (gw.dev.configs.length >= 2 ? true : undefined), { what: 'resend' });
    expect((await statusOf(projectId, gw.id))?.status).toBe('pending');
    await gw.dev.close(); // pending devices of later tests are counted alone
  });

  it('a version staged by another process (before a restart) is sent at the next tick, without waiting', async () => {
    const t = get();
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    await saveNetwork(projectId, addGuestVlan);
    await waitStatus(projectId, gw.id, 'applied');
    // As if the previous server process committed version 2 and died before publishing it.
    await t.database.db
      .updateTable('device_configs')
      .set({ desired_version: 2, status: 'pending', pending_since: t.clock.now(), sent_at: t.clock.now() })
      .where('device_id', '=', gw.id)
      .execute();
    const restarted = t.app.features.config.engine as unknown as { publisher: { sentHere: Set<number> } };
    restarted.publisher.sentHere.clear();
    expect(await t.app.features.config.engine.reconcile()).toBe(1);
    expect((await gw.dev.waitConfig(2)).version).toBe(2);
    await waitStatus(projectId, gw.id, 'applied');
    expect(await t.app.features.config.engine.reconcile()).toBe(0);
  });

  it('switch port settings: view with PoE totals, save → the switch applies it; delete drops its state', async () => {
    const projectId = await newProject();
    const sw = await addDevice(projectId, POE_SWITCH);
    const path = `/api/projects/${projectId}/devices/${sw.id}/config/switching`;
    const view = (await kit.owner.get<SwitchConfigView>(path)).body.data as SwitchConfigView;
    expect(view.version).toBe(0);
    expect(view.poe).toEqual({ totalWatts: 120, usedWatts: 10.5, remainingWatts: 109.5 });
    expect(view.ports).toHaveLength(9);
    expect(view.live.find((p) => p.id === 1)).toMatchObject({ link: 'up', poeOn: true, poeWatts: 6.5 });
    const settings = structuredClone(view.settings);
    const port = settings.ports.find((p) => p.id === 2);
    if (!port) throw new Error('no port 2');
    port.remark = 'Camera';
    const res = await kit.owner.call<SaveConfigResult>('PUT', path, { baseVersion: 0, settings });
    expect(res.body.code).toBe(0);
    const cfg = await sw.dev.waitConfig(1);
    expect(cfg.document.switching?.ports.find((p) => p.id === 2)?.remark).toBe('Camera');
    await waitStatus(projectId, sw.id, 'applied');

    const del = await kit.owner.del(`/api/projects/${projectId}/devices/${sw.id}`);
    expect(del.body.code).toBe(0);
    const rows = await get()
      .database.db.selectFrom('device_configs')
      .selectAll()
      .where('device_id', '=', sw.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
