/**
 * "Retry delivery" (POST /config/retry): a version a device refused is never resent by itself, so
 * the user retries after fixing the device. Online devices get their settings again at once (a
 * failed one as a new version, since a device answers a repeated version with its earlier answer);
 * offline ones are listed with 407 "some devices offline".
 */
import {
  ERR,
  errorMessage,
  type NetworkConfigView,
  type ProjectConfigStatus,
  type RetryDeliveryResult,
  retryDeliveryResultSchema,
  type SaveConfigResult,
} from '@netloom/domain';
import { expect, it } from 'vitest';
import { GATEWAY, POE_SWITCH, useFakeDeviceProjects } from './configFakeDevice';
import { signedInUser } from './factories';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

describeEachDb('retry delivery', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLY');
  const { newProject, addDevice } = kit;

  async function saveGuestVlan(projectId: number) {
    const view = (await kit.owner.get<NetworkConfigView>(`/api/projects/${projectId}/config/network`)).body
      .data as NetworkConfigView;
    const settings = structuredClone(view.settings);
    settings.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false });
    const res = await kit.owner.call<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/network`, {
      baseVersion: view.version,
      settings,
    });
    expect(res.body.code).toBe(0);
  }

  function waitStatus(projectId: number, deviceId: number, status: string) {
    return waitFor(
      async () => {
        await get().app.features.config.engine.drain();
        const res = await kit.owner.get<ProjectConfigStatus>(`/api/projects/${projectId}/config/status`);
        const s = res.body.data?.devices.find((d) => d.deviceId === deviceId);
        return s?.status === status ? s : undefined;
      },
      { what: `device ${deviceId} ${status}` },
    );
  }

  const retry = (projectId: number, deviceIds: number[], client = kit.owner) =>
    client.call<RetryDeliveryResult>('POST', `/api/projects/${projectId}/config/retry`, { deviceIds });

  it('sends a refused version again as a new version once the device is fixed', async () => {
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    gw.dev.refuse = { code: ERR.VLAN_NOT_FOUND, message: 'VLAN 20 is unknown here' };
    await saveGuestVlan(projectId);
    const failed = await waitStatus(projectId, gw.id, 'failed');
    expect(failed).toMatchObject({ desiredVersion: 1, failedCode: ERR.VLAN_NOT_FOUND });

    // Nothing resends a refused version: a reconcile tick leaves it failed.
    await get().app.features.config.engine.reconcile();
    expect(gw.dev.configs.filter((c) => c.version > 1)).toEqual([]);

    gw.dev.refuse = null;
    const res = await retry(projectId, [gw.id]);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({
      retried: [{ deviceId: gw.id, name: gw.sn, version: 2 }],
      unchanged: [],
      offline: [],
    });
    const config = await gw.dev.waitConfig(2);
    expect(config.document).toEqual(gw.dev.configs[0]?.document);
    const applied = await waitStatus(projectId, gw.id, 'applied');
    expect(applied).toMatchObject({ desiredVersion: 2, appliedVersion: 2, failedCode: null });

    // Already applied: nothing to do.
    const again = await retry(projectId, [gw.id]);
    expect(again.body.data).toEqual({
      retried: [],
      unchanged: [{ deviceId: gw.id, name: gw.sn }],
      offline: [],
    });
  });

  it('407 lists the offline devices; the online ones are retried all the same', async () => {
    const projectId = await newProject();
    const gw = await addDevice(projectId, GATEWAY);
    const sw = await addDevice(projectId, POE_SWITCH);
    gw.dev.refuse = { code: ERR.CONFIG_FAILED, message: 'busy' };
    sw.dev.refuse = { code: ERR.VLAN_NOT_FOUND, message: 'no such VLAN' };
    await saveGuestVlan(projectId);
    await waitStatus(projectId, gw.id, 'failed');
    await waitStatus(projectId, sw.id, 'failed');
    await sw.dev.close();
    await waitFor(() => (get().app.devicePlane.gateway.isConnected(sw.sn) ? undefined : true), {
      what: 'switch offline',
    });
    gw.dev.refuse = null;

    const res = await retry(projectId, [sw.id, gw.id]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ERR.SOME_DEVICES_OFFLINE);
    expect(res.body.message).toBe(errorMessage(ERR.SOME_DEVICES_OFFLINE));
    expect(res.body.issues).toEqual([
      { path: 'deviceIds.0', message: `${sw.sn} is offline: retry once it is back online.` },
    ]);
    expect(retryDeliveryResultSchema.parse(res.body.data)).toEqual({
      retried: [{ deviceId: gw.id, name: gw.sn, version: 2 }],
      unchanged: [],
      offline: [{ deviceId: sw.id, name: sw.sn }],
    });
    await waitStatus(projectId, gw.id, 'applied');
    // The offline switch keeps its refused version (a reconnect does not resend it either).
    expect((await waitStatus(projectId, sw.id, 'failed')).desiredVersion).toBe(1);
  });

  it('refuses devices of other projects (901), an empty choice (400), read-only members (916) and outsiders (73)', async () => {
    const projectId = await newProject();
    const other = await newProject();
    const stranger = await addDevice(other, GATEWAY);
    expect((await retry(projectId, [stranger.id])).body.code).toBe(ERR.DEVICE_NOT_FOUND);
    expect((await retry(projectId, [])).body.code).toBe(ERR.INVALID_PARAMETERS);

    const viewer = await signedInUser(get());
    await get()
      .database.db.insertInto('project_members')
      .values({
        project_id: other,
        account_id: viewer.accountId,
        right: 'r',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await retry(other, [stranger.id], viewer.client)).body.code).toBe(916);
    const outsider = await signedInUser(get());
    expect((await retry(other, [stranger.id], outsider.client)).body.code).toBe(73);
  });
});
