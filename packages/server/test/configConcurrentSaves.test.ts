/**
 * Saves made at the same time that reach the same device (a project-wide VLAN and a switch's own
 * port settings): each mints its own desired version, and the newest carries both changes. On
 * PostgreSQL (read committed) two such saves used to read the same delivery row and both mint its
 * next version — the device applied one and answered the other as a repeat, so a saved change never
 * reached it (found by the chaos test, issue 11 §3).
 */
import type {
  NetworkConfigView,
  ProjectConfigStatus,
  SaveConfigResult,
  SwitchConfigView,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import { ConfigStore, type DeviceConfigRow } from '../src/features/config/store';
import { GATEWAY, POE_SWITCH, useFakeDeviceProjects } from './configFakeDevice';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const SWITCHES = 4;
const ROUNDS = 3;

describeEachDb('saves at the same time reaching the same device', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLK');

  async function saveNetwork(projectId: number, vlanId: number) {
    const path = `/api/projects/${projectId}/config/network`;
    const view = (await kit.owner.get<NetworkConfigView>(path)).body.data as NetworkConfigView;
    const settings = structuredClone(view.settings);
    settings.vlans.push({
      id: vlanId,
      name: `V${vlanId}`,
      ip: `172.21.${vlanId}.1`,
      mask: '255.255.255.0',
      dhcp: false,
    });
    return kit.owner.call<SaveConfigResult>('PUT', path, { baseVersion: view.version, settings });
  }

  async function saveRemark(projectId: number, deviceId: number, remark: string) {
    const path = `/api/projects/${projectId}/devices/${deviceId}/config/switching`;
    const view = (await kit.owner.get<SwitchConfigView>(path)).body.data as SwitchConfigView;
    const settings = structuredClone(view.settings);
    const port = settings.ports[0];
    if (!port) throw new Error('no port 1');
    port.remark = remark;
    return kit.owner.call<SaveConfigResult>('PUT', path, { baseVersion: view.version, settings });
  }

  it('each save mints its own version for every device it reaches, and the device ends up with every change', async () => {
    const projectId = await kit.newProject();
    await kit.addDevice(projectId, GATEWAY);
    const switches = [];
    for (let i = 0; i < SWITCHES; i++) switches.push(await kit.addDevice(projectId, POE_SWITCH));
    const vlans: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      vlans.push(20 + round);
      const [net, ...own] = await Promise.all([
        saveNetwork(projectId, 20 + round),
        ...switches.map((sw) => saveRemark(projectId, sw.id, `round ${round}`)),
      ]);
      expect([net, ...own].map((r) => r?.body.code)).toEqual(Array(SWITCHES + 1).fill(0));
      for (const [i, sw] of switches.entries()) {
        const minted = [
          net?.body.data?.delivery.devices.find((d) => d.deviceId === sw.id)?.version,
          own[i]?.body.data?.delivery.devices.find((d) => d.deviceId === sw.id)?.version,
        ].sort();
        // Two saves, two versions: the two that follow the previous round's.
        expect(minted, `versions minted for switch ${i + 1} in round ${round}`).toEqual([
          2 * round - 1,
          2 * round,
        ]);
      }
    }
    // Every switch applies its newest version, which carries every VLAN and the last remark.
    for (const sw of switches) {
      const last = await sw.dev.waitConfig(2 * ROUNDS);
      expect(last.version).toBe(2 * ROUNDS);
      expect(last.document.switching?.vlans.map((v) => v.id)).toEqual(vlans);
      expect(last.document.switching?.ports[0]?.remark).toBe(`round ${ROUNDS}`);
    }
    await waitFor(
      async () => {
        await get().app.features.config.engine.drain();
        const s = (await kit.owner.get<ProjectConfigStatus>(`/api/projects/${projectId}/config/status`)).body
          .data;
        return s?.devices.every((d) => d.status === 'applied') ? true : undefined;
      },
      { what: 'every device applied' },
    );
  });

  it('a delivery row a first hello created after the save read none is moved past, not overwritten at its version', async () => {
    const projectId = await kit.newProject();
    const sw = await kit.addDevice(projectId, POE_SWITCH);
    const store = new ConfigStore(get().database.db);
    const row = (version: number, body: string): DeviceConfigRow => ({
      device_id: sw.id,
      project_id: projectId,
      desired_version: version,
      body,
      hash: body,
      applied_version: 0,
      status: 'pending',
      pending_since: 1,
      failed_code: null,
      failed_message: null,
      sent_at: null,
      updated_at: 1,
    });
    // The device's first hello made its row (version 1, the documents it could see then)…
    await get().database.db.insertInto('device_configs').values(row(1, '{"joined":true}')).execute();
    // …after a save had read no row for it: the save's version 1 (newer content) must not share it.
    const [written] = await store.upsertDeviceConfigs(store.db, [row(1, '{"saved":true}')]);
    expect(written).toMatchObject({ desired_version: 2, body: '{"saved":true}', applied_version: 0 });
    const [again] = await store.upsertDeviceConfigs(store.db, [row(3, '{"next":true}')]);
    // A save that saw the row asks for the version after it, and gets exactly that.
    expect(again).toMatchObject({ desired_version: 3, body: '{"next":true}' });
  });
});
