/**
 * Port profiles (issue 10 §4) through the HTTP API, with switches and an AP speaking MQTT: profile
 * CRUD with its rules (name taken 411, VLAN missing 1108, a followed profile is not dropped 131),
 * applying a profile to ports of two switches (each device receives its ports, PoE skipped where a
 * port has none), a profile edit reaching every following port, deleting a profile in use
 * (detached, the ports keep their settings), and the port table's "plugged in" (an AP's LLDP
 * uplink, a wired client).
 */
import {
  type ApplyProfileResult,
  type DeleteProfileResult,
  defaultNetworkSettings,
  ERR,
  PORT_TYPES,
  type PortProfile,
  type PortProfilesView,
  type SaveConfigResult,
  type SwitchConfigView,
} from '@netloom/domain';
import type { ConfigMessage } from '@netloom/protocol';
import { expect, it } from 'vitest';
import {
  DUAL_BAND_AP,
  type FakeDevice,
  GATEWAY,
  PLAIN_SWITCH,
  POE_SWITCH,
  useFakeDeviceProjects,
} from './configFakeDevice';
import { devicePublish, TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const AP_UPLINK: PortProfile = {
  id: 'ap-uplink',
  name: 'AP uplink',
  enabled: true,
  type: PORT_TYPES.TRUNK,
  untagged: 1,
  tagged: 'all',
  poe: true,
  loopGuard: false,
};

type Port = NonNullable<ConfigMessage['document']['switching']>['ports'][number];

/** The newest port list a device received, once it satisfies `ok`. */
function waitPorts(dev: FakeDevice, ok: (ports: Port[]) => boolean, what: string): Promise<Port[]> {
  return waitFor(
    () => {
      const last = dev.configs.at(-1)?.document.switching?.ports;
      return last && ok(last) ? last : undefined;
    },
    { what },
  );
}
const port = (ports: Port[], id: number) => ports.find((p) => p.id === id);

describeEachDb('port profiles', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLP');

  async function project() {
    const projectId = await kit.newProject();
    const gateway = await kit.addDevice(projectId, GATEWAY);
    const network = {
      ...defaultNetworkSettings([1, 2]),
      vlans: [
        { id: 20, name: 'Staff', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false },
        { id: 30, name: 'Cameras', ip: '192.168.30.1', mask: '255.255.255.0', dhcp: false },
      ],
    };
    const saved = await kit.owner.call<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/network`, {
      baseVersion: 0,
      settings: network,
    });
    expect(saved.body.code).toBe(0);
    const base = `/api/projects/${projectId}/config/port-profiles`;
    return {
      projectId,
      gateway,
      base,
      view: async () => (await kit.owner.get<PortProfilesView>(base)).body.data as PortProfilesView,
      save: (baseVersion: number, profiles: PortProfile[]) =>
        kit.owner.call<SaveConfigResult>('PUT', base, { baseVersion, settings: { profiles } }),
      apply: (profileId: string | null, targets: { deviceId: number; ports: number[] }[]) =>
        kit.owner.post<ApplyProfileResult>(`${base}/apply`, { profileId, targets }),
    };
  }

  it('creates, renames and refuses profiles by the port rules: name taken, unknown VLAN, bad name', async () => {
    const p = await project();
    const empty = await p.view();
    expect(empty.version).toBe(0);
    expect(empty.suggestions.map((s) => s.key)).toEqual(['ap-uplink', 'switch-uplink', 'camera', 'disabled']);
    expect(empty.suggestions.find((s) => s.key === 'camera')?.profile).toMatchObject({
      untagged: 30,
      poe: true,
    });

    expect((await p.save(0, [AP_UPLINK])).body.code).toBe(0);
    const created = await p.view();
    expect(created.settings.profiles.map((x) => x.name)).toEqual(['AP uplink']);
    expect(created.suggestions.map((s) => s.key)).not.toContain('ap-uplink');

    const taken = await p.save(1, [AP_UPLINK, { ...AP_UPLINK, id: 'copy', name: 'ap uplink' }]);
    expect(taken.body.code).toBe(ERR.DATA_EXISTS);
    expect(taken.body.issues?.[0]).toMatchObject({
      path: 'profiles.1.name',
      message: 'A port profile named "ap uplink" already exists.',
    });
    const noVlan = await p.save(1, [{ ...AP_UPLINK, type: PORT_TYPES.ACCESS, tagged: [], untagged: 99 }]);
    expect(noVlan.body.code).toBe(ERR.VLAN_NOT_FOUND);
    const tooLong = await p.save(1, [{ ...AP_UPLINK, name: 'x'.repeat(33) }]);
    expect(tooLong.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(tooLong.body.issues?.[0]?.message).toBe('Profile name must be 1–32 characters.');

    expect((await p.save(1, [{ ...AP_UPLINK, name: 'Ceiling AP' }])).body.code).toBe(0);
    expect((await p.view()).settings.profiles[0]?.name).toBe('Ceiling AP');
    expect((await p.save(1, [AP_UPLINK])).body.code).toBe(ERR.CONFIG_CONFLICT);
  });

  it('applies a profile to ports of two switches over MQTT, skips PoE where a port has none, and an edit reaches every follower', async () => {
    const p = await project();
    const poe = await kit.addDevice(p.projectId, POE_SWITCH);
    const plain = await kit.addDevice(p.projectId, PLAIN_SWITCH);
    expect((await p.save(0, [AP_UPLINK])).body.code).toBe(0);

    const res = await p.apply(AP_UPLINK.id, [
      { deviceId: poe.id, ports: [4, 9] },
      { deviceId: plain.id, ports: [2] },
    ]);
    expect(res.body.code).toBe(0);
    expect(res.body.data?.switches.map((s) => [s.deviceId, s.ports, s.poeSkipped])).toEqual([
      [poe.id, [4, 9], [9]],
      [plain.id, [2], [2]],
    ]);
    const atPoe = await waitPorts(
      poe.dev,
      (ps) => port(ps, 4)?.type === PORT_TYPES.TRUNK,
      'PoE switch port 4 trunk',
    );
    expect(port(atPoe, 4)).toMatchObject({ untagged: 1, tagged: [20, 30], poe: true });
    expect(port(atPoe, 9)).toMatchObject({ type: PORT_TYPES.TRUNK, tagged: [20, 30], poe: false });
    expect(port(atPoe, 4)).not.toHaveProperty('profile');
    const atPlain = await waitPorts(
      plain.dev,
      (ps) => port(ps, 2)?.type === PORT_TYPES.TRUNK,
      'plain port 2',
    );
    expect(port(atPlain, 2)).toMatchObject({ tagged: [20, 30], poe: false });

    const view = await p.view();
    expect(view.usage).toEqual([
      {
        profileId: AP_UPLINK.id,
        ports: [
          { deviceId: poe.id, portId: 4 },
          { deviceId: poe.id, portId: 9 },
          { deviceId: plain.id, portId: 2 },
        ],
      },
    ]);
    const sw = (
      await kit.owner.get<SwitchConfigView>(`/api/projects/${p.projectId}/devices/${poe.id}/config/switching`)
    ).body.data;
    expect(sw?.settings.ports.find((x) => x.id === 4)?.profile).toBe(AP_UPLINK.id);
    expect(sw?.profiles).toEqual([{ ...AP_UPLINK, summary: 'All VLANs tagged, PoE on' }]);

    // The edit reaches both switches in one save; the ports follow it.
    const edit = await p.save(1, [{ ...AP_UPLINK, tagged: [20] }]);
    expect(edit.body.code).toBe(0);
    expect(edit.body.data?.delivery.targets).toBe(2);
    await waitPorts(poe.dev, (ps) => port(ps, 4)?.tagged.join() === '20', 'PoE switch edit');
    await waitPorts(plain.dev, (ps) => port(ps, 2)?.tagged.join() === '20', 'plain switch edit');
    // The port page shows what the ports run now: the profile's settings.
    const after = (
      await kit.owner.get<SwitchConfigView>(`/api/projects/${p.projectId}/devices/${poe.id}/config/switching`)
    ).body.data;
    expect(after?.settings.ports.find((x) => x.id === 4)).toMatchObject({
      tagged: [20],
      profile: AP_UPLINK.id,
    });
  });

  it('refuses a profile that would break a following switch, and an apply that breaks a switch, before saving any', async () => {
    const p = await project();
    const uplinked = {
      ...POE_SWITCH,
      state: { ...POE_SWITCH.state, uplink: { kind: 'wired', localPort: 8 } },
    };
    const a = await kit.addDevice(p.projectId, uplinked);
    const b = await kit.addDevice(p.projectId, PLAIN_SWITCH);
    const disabled: PortProfile = {
      ...AP_UPLINK,
      id: 'off',
      name: 'Disabled',
      enabled: false,
      type: PORT_TYPES.ACCESS,
      tagged: [],
      poe: false,
    };
    expect((await p.save(0, [AP_UPLINK, disabled])).body.code).toBe(0);
    const res = await p.apply('off', [
      { deviceId: b.id, ports: [3] },
      { deviceId: a.id, ports: [7, 8] },
    ]);
    expect(res.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(res.body.issues?.[0]?.message).toMatch(/: Port 8 is the uplink to the network/);
    // Nothing was saved, not even the first switch.
    expect((await p.view()).usage).toEqual([]);

    expect((await p.apply('ap-uplink', [{ deviceId: a.id, ports: [8] }])).body.code).toBe(0);
    const off = await p.save(1, [{ ...AP_UPLINK, enabled: false }, disabled]);
    expect(off.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(off.body.issues?.[0]?.message).toMatch(/Port 8 is the uplink/);
    expect((await p.apply('nope', [{ deviceId: a.id, ports: [1] }])).body.code).toBe(ERR.NOT_EXIST);
  });

  it('deleting a followed profile detaches its ports (they keep their settings); a plain save may not drop it', async () => {
    const p = await project();
    const sw = await kit.addDevice(p.projectId, POE_SWITCH);
    expect((await p.save(0, [AP_UPLINK])).body.code).toBe(0);
    expect((await p.apply(AP_UPLINK.id, [{ deviceId: sw.id, ports: [5, 6] }])).body.code).toBe(0);
    await waitPorts(sw.dev, (ps) => port(ps, 5)?.type === PORT_TYPES.TRUNK, 'port 5 trunk');
    const versions = sw.dev.configs.length;

    const dropped = await p.save(1, []);
    expect(dropped.body.code).toBe(ERR.RULE_REFERENCED);
    expect(dropped.body.issues?.[0]?.message).toBe(
      '"AP uplink" is followed by 2 ports: detach them before deleting the profile.',
    );
    const stale = await kit.owner.call<DeleteProfileResult>(
      'DELETE',
      `${p.base}/${AP_UPLINK.id}?baseVersion=0`,
    );
    expect(stale.body.code).toBe(ERR.CONFIG_CONFLICT);

    const del = await kit.owner.call<DeleteProfileResult>(
      'DELETE',
      `${p.base}/${AP_UPLINK.id}?baseVersion=1`,
    );
    expect(del.body.code).toBe(0);
    expect(del.body.data).toMatchObject({ version: 2, detached: [{ deviceId: sw.id, ports: [5, 6] }] });
    const after = await p.view();
    expect(after.settings.profiles).toEqual([]);
    expect(after.usage).toEqual([]);
    const ports = (
      await kit.owner.get<SwitchConfigView>(`/api/projects/${p.projectId}/devices/${sw.id}/config/switching`)
    ).body.data?.settings.ports;
    expect(ports?.find((x) => x.id === 5)).toMatchObject({ type: PORT_TYPES.TRUNK, tagged: [20, 30] });
    expect(ports?.find((x) => x.id === 5)?.profile).toBeUndefined();
    // Detaching changes nothing the switch runs: it gets no new document.
    await get().app.features.config.engine.drain();
    expect(sw.dev.configs.length).toBe(versions);
  });

  it('shows which device (LLDP uplink) and which wired client is plugged into each port', async () => {
    const p = await project();
    const sw = await kit.addDevice(p.projectId, {
      ...POE_SWITCH,
      state: { ...POE_SWITCH.state, uplink: { kind: 'wired', sn: p.gateway.sn, port: 2, localPort: 8 } },
    });
    const ap = await kit.addDevice(p.projectId, {
      ...DUAL_BAND_AP,
      state: { uplink: { kind: 'wired', sn: sw.sn, port: 3, localPort: 1 } },
    });
    const c = sw.dev.client;
    if (!c) throw new Error('switch not connected');
    await devicePublish(c, sw.sn, 'clients', {
      clients: [
        {
          mac: '3C:52:A1:00:00:42',
          name: 'printer-2f',
          connection: 'wired',
          type: 'unknown',
          port: 6,
          txBytes: 0,
          rxBytes: 0,
          txRate: 0,
          rxRate: 0,
          uptime: 60,
        },
      ],
    });
    await get().app.features.clients.flush();
    const view = await waitFor(
      async () => {
        const v = (
          await kit.owner.get<SwitchConfigView>(
            `/api/projects/${p.projectId}/devices/${sw.id}/config/switching`,
          )
        ).body.data;
        return v && v.neighbours.length === 3 ? v : undefined;
      },
      { what: 'three neighbours' },
    );
    expect(view.neighbours).toEqual([
      { portId: 3, kind: 'device', deviceId: ap.id, name: ap.sn, mac: null, model: 'NL-A1200C' },
      {
        portId: 6,
        kind: 'client',
        deviceId: null,
        name: 'printer-2f',
        mac: '3C:52:A1:00:00:42',
        model: null,
      },
      // Its own uplink: the gateway above it, on port 8.
      {
        portId: 8,
        kind: 'device',
        deviceId: p.gateway.id,
        name: p.gateway.sn,
        mac: null,
        model: 'NL-G300',
      },
    ]);
  });
});
