/**
 * Management mode (issue 15, docs/decisions.md "`/static/transferToLocalDev`"): the switch to local
 * management and back through the API, as a `setManagementMode` command job delivered over MQTT to a
 * REAL simulated device (@netloom/sim over the embedded broker). The device's state report flips the
 * stored mode; the device stays in the project; a configuration save is then refused with 76; back in
 * cloud management the device gets its configuration again as a new version. Refusals: 901, 916, 36,
 * 400, 405 in a demo project. On SQLite and PostgreSQL.
 */
import {
  type AuditPage,
  type CommandJob,
  type DeviceDetail,
  ERR,
  MANAGEMENT_MODES,
  type SwitchConfigView,
} from '@netloom/domain';
import type { Fleet, VirtualDevice } from '@netloom/sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DeviceStore } from '../src/features/devices/store';
import { DUAL_BAND_AP, useFakeDeviceProjects } from './configFakeDevice';
import { addMember, demoProjectOf, signedInUser } from './factories';
import { TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';
import { startSimulatedProject } from './simFleetKit';

const FLEET = { seed: 3, devices: 6, mix: 'office' } as const;
const SLOW = { timeoutMs: 30_000 };

describeEachDb('management mode: local management and back', (kind) => {
  const get = useTestApp(kind, { env: { PROVISIONING_KEY: TEST_KEY } });
  // Real time: command jobs expire by the server's clock, the simulated devices check their own.
  beforeAll(() => {
    get().clock.now = () => Date.now();
  });
  const kit = useFakeDeviceProjects(get, 'NLMM');
  let projectId = 0;
  let fleet: Fleet;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    projectId = await kit.newProject();
    const started = await startSimulatedProject(get(), kit.owner, projectId, FLEET, {
      timeFactor: 60,
      timeoutMs: SLOW.timeoutMs,
    });
    fleet = started.fleet;
    for (const [sn, id] of started.ids) ids.set(sn, id);
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
  });

  const idOf = (d: VirtualDevice): number => ids.get(d.sn) as number;
  const setMode = (deviceId: number, mode: number, client = kit.owner) =>
    client.post<CommandJob>(`/api/projects/${projectId}/devices/${deviceId}/management-mode`, { mode });
  const detail = async (deviceId: number): Promise<DeviceDetail> =>
    (await kit.owner.get<DeviceDetail>(`/api/projects/${projectId}/devices/${deviceId}`)).body
      .data as DeviceDetail;
  const switchUrl = (deviceId: number) => `/api/projects/${projectId}/devices/${deviceId}/config/switching`;
  const switchView = async (deviceId: number) =>
    (await kit.owner.get<SwitchConfigView>(switchUrl(deviceId))).body.data as SwitchConfigView;
  async function saveRemark(deviceId: number, remark: string) {
    const view = await switchView(deviceId);
    const settings = structuredClone(view.settings);
    const port = settings.ports[0];
    if (!port) throw new Error('no port settings');
    port.remark = remark;
    return kit.owner.call('PUT', switchUrl(deviceId), { baseVersion: view.version, settings });
  }
  const modeIs = (deviceId: number, mode: number) =>
    waitFor(async () => ((await detail(deviceId)).managementMode === mode ? true : undefined), {
      ...SLOW,
      what: `device ${deviceId} reporting management mode ${mode}`,
    });

  it('to local: the device switches and reports it, stays in the project, configuration refused with 76; back to cloud: configuration delivered again', async () => {
    const sw = fleet.devices.find((d) => d.model.kind === 'switch') as VirtualDevice;
    const id = idOf(sw);
    expect((await saveRemark(id, 'cloud-1')).body.code).toBe(0);
    await waitFor(
      () => (sw.appliedDocument?.switching?.ports[0]?.remark === 'cloud-1' ? true : undefined),
      SLOW,
    );
    expect((await detail(id)).managementMode).toBe(MANAGEMENT_MODES.CLOUD);
    // Already cloud-managed: nothing to switch.
    expect((await setMode(id, MANAGEMENT_MODES.CLOUD)).body.code).toBe(ERR.MANAGEMENT_MODE_UNCHANGED);

    const toLocal = await setMode(id, MANAGEMENT_MODES.LOCAL);
    expect(toLocal.body.code).toBe(0);
    expect(toLocal.body.data).toMatchObject({ name: 'setManagementMode', deviceId: id });
    await modeIs(id, MANAGEMENT_MODES.LOCAL);
    expect(sw.managementMode).toBe(MANAGEMENT_MODES.LOCAL);
    // Stored: a console started now would know the device is local (and re-send its configuration on return).
    const stored = new DeviceStore(get().database.db);
    await waitFor(async () => ((await stored.locallyManaged()).includes(id) ? true : undefined), {
      ...SLOW,
      what: 'the local mode stored',
    });
    const job = await kit.owner.get<CommandJob>(
      `/api/projects/${projectId}/commands/${toLocal.body.data?.id}`,
    );
    expect(job.body.data?.status).toBe('done');
    // Still in the project, still monitored (online), but configuration and maintenance refused.
    expect((await detail(id)).status).toBe(1);
    expect((await saveRemark(id, 'while-local')).body.code).toBe(ERR.LOCAL_MODE_UNSUPPORTED);
    const reboot = await kit.owner.post(`/api/projects/${projectId}/maintenance/devices/${id}`, {
      action: 'reboot',
    });
    expect(reboot.body.code).toBe(ERR.LOCAL_MODE_UNSUPPORTED);
    expect((await setMode(id, MANAGEMENT_MODES.LOCAL)).body.code).toBe(ERR.MANAGEMENT_MODE_UNCHANGED);
    const versionWhileLocal = sw.configVersion;

    // Back to cloud management: the state says 1, then the desired document comes as a new version.
    expect((await setMode(id, MANAGEMENT_MODES.CLOUD)).body.code).toBe(0);
    await modeIs(id, MANAGEMENT_MODES.CLOUD);
    await waitFor(async () => (!(await stored.locallyManaged()).includes(id) ? true : undefined), {
      ...SLOW,
      what: 'the cloud mode stored',
    });
    await waitFor(() => (sw.configVersion > versionWhileLocal ? true : undefined), {
      ...SLOW,
      what: 'the configuration delivered again',
    });
    expect(sw.appliedDocument?.switching?.ports[0]?.remark).toBe('cloud-1');
    expect((await saveRemark(id, 'cloud-2')).body.code).toBe(0);
    await waitFor(
      () => (sw.appliedDocument?.switching?.ports[0]?.remark === 'cloud-2' ? true : undefined),
      SLOW,
    );

    const audit = await kit.owner.get<AuditPage>(`/api/projects/${projectId}/audit?deviceId=${id}`);
    const actions = audit.body.data?.items.filter((e) => e.action === 'device.managementMode') ?? [];
    expect(actions.map((e) => e.summary)).toEqual([
      'Cloud management requested',
      'Local management requested',
    ]);
  }, 90_000);

  it('refusals: unknown 901, a read-only member 916, an offline device 36, bad mode 400', async () => {
    const ap = fleet.devices.find((d) => d.model.kind === 'ap') as VirtualDevice;
    expect((await setMode(999_999, MANAGEMENT_MODES.LOCAL)).body.code).toBe(ERR.DEVICE_NOT_FOUND);
    expect((await setMode(idOf(ap), 3)).body.code).toBe(ERR.INVALID_PARAMETERS);
    const reader = await signedInUser(get());
    await addMember(get(), projectId, reader.accountId, 'r');
    expect((await setMode(idOf(ap), MANAGEMENT_MODES.LOCAL, reader.client)).body.code).toBe(
      ERR.READ_ONLY_SHARE,
    );

    const other = await kit.newProject();
    const offline = await kit.addDevice(other, DUAL_BAND_AP, false);
    const res = await kit.owner.post(`/api/projects/${other}/devices/${offline.id}/management-mode`, {
      mode: MANAGEMENT_MODES.LOCAL,
    });
    expect(res.body.code).toBe(ERR.DEVICE_OFFLINE);
  });

  it('a demo project refuses it like every change (405)', async () => {
    const t = get();
    const owner = await signedInUser(t);
    const demoId = await demoProjectOf(t, owner.accountId);
    const res = await owner.client.post(`/api/projects/${demoId}/devices/1/management-mode`, {
      mode: MANAGEMENT_MODES.LOCAL,
    });
    expect(res.body.code).toBe(ERR.DEMO_BLOCKED);
  });
});
