import type { AuditPage, ConfigRevisionPage, NetworkConfigView, SaveConfigResult } from '@netloom/domain';
import { expect, it } from 'vitest';
import { GATEWAY, POE_SWITCH, useFakeDeviceProjects } from './configFakeDevice';
import { TEST_KEY } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** The Log page's device filter: one device's own entries, optionally with the project-wide ones. */
describeEachDb('configuration history and audit per device', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLH');

  async function audit(projectId: number, query: string) {
    return (await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit?${query}`)).body
      .data as AuditPage;
  }
  async function revisions(projectId: number, query: string) {
    return (await kit.owner.get<ConfigRevisionPage>(`/api/projects/${projectId}/config/revisions?${query}`))
      .body.data as ConfigRevisionPage;
  }

  it('deviceId alone gives the device’s own entries; withProject=true adds the project-wide ones', async () => {
    const projectId = await kit.newProject();
    await kit.addDevice(projectId, GATEWAY);
    const sw = await kit.addDevice(projectId, POE_SWITCH);
    const other = await kit.addDevice(projectId, POE_SWITCH);

    const view = (await kit.owner.get<NetworkConfigView>(`/api/projects/${projectId}/config/network`)).body
      .data as NetworkConfigView;
    const settings = structuredClone(view.settings);
    settings.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false });
    const saved = await kit.owner.call<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/network`, {
      baseVersion: 0,
      settings,
    });
    expect(saved.body.code).toBe(0);
    expect(
      (await kit.owner.post(`/api/projects/${projectId}/devices/${sw.id}/ports/2/poe-reboot`)).body.code,
    ).toBe(0);
    expect(
      (await kit.owner.post(`/api/projects/${projectId}/devices/${other.id}/ports/3/poe-reboot`)).body.code,
    ).toBe(0);

    const own = await audit(projectId, `deviceId=${sw.id}`);
    expect(own.items.map((e) => [e.action, e.deviceId])).toEqual([['port.poeReboot', sw.id]]);
    const whole = await audit(projectId, `deviceId=${sw.id}&withProject=true`);
    expect(whole.total).toBe(2);
    expect(whole.items.map((e) => [e.action, e.deviceId])).toEqual([
      ['port.poeReboot', sw.id],
      ['config.save', null],
    ]);
    expect((await audit(projectId, `deviceId=${sw.id}&withProject=false`)).total).toBe(1);
    expect((await audit(projectId, '')).total).toBe(3);

    expect((await revisions(projectId, `deviceId=${sw.id}`)).total).toBe(0);
    const history = await revisions(projectId, `deviceId=${sw.id}&withProject=true`);
    expect(history.items.map((r) => [r.kind, r.version, r.deviceId])).toEqual([['network', 1, null]]);
  });

  it('400 for a withProject that is not true or false', async () => {
    const projectId = await kit.newProject();
    const res = await kit.owner.get(`/api/projects/${projectId}/audit?deviceId=1&withProject=yes`);
    expect(res.body.code).toBe(400);
  });
});
