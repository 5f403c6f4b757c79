import type { NetworkConfigView, SaveConfigResult } from '@netloom/domain';
import { type ConfigMessage, deviceDownFilter, downTopic } from '@netloom/protocol';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { GATEWAY, useFakeDeviceProjects } from './configFakeDevice';
import { connectDevice, mqttTcpUrl, TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, RecordingSms, TestClock, useTestApp } from './harness';

// docs/protocol.md §7.1: the retained `config` a device receives at SUBSCRIBE is always its newest
// desired version, also when the saves were made while it was offline.
describeEachDb('retained config = desired version', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLR');

  async function saveVlan(projectId: number, id: number) {
    const view = (await kit.owner.get<NetworkConfigView>(`/api/projects/${projectId}/config/network`)).body
      .data as NetworkConfigView;
    const settings = structuredClone(view.settings);
    settings.vlans.push({ id, name: `V${id}`, ip: `192.168.${id}.1`, mask: '255.255.255.0', dhcp: false });
    const res = await kit.owner.call<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/network`, {
      baseVersion: view.version,
      settings,
    });
    expect(res.body.code).toBe(0);
  }

  it('an offline device saved twice receives the newest version first, retained, at its SUBSCRIBE', async () => {
    const projectId = await kit.newProject();
    const gw = await kit.addDevice(projectId, GATEWAY);
    // Online: a first version is delivered and applied (and retained).
    await saveVlan(projectId, 20);
    const applied = (await gw.dev.waitConfig(1)).version;
    await gw.dev.close();
    const plane = get().app.devicePlane;
    await waitFor(() => (plane.gateway.isConnected(gw.sn) ? undefined : true), { what: 'offline' });
    // Offline: two more saves.
    await saveVlan(projectId, 30);
    await saveVlan(projectId, 40);
    const engine = get().app.features.config.engine;
    await engine.drain();
    const status = await kit.owner.get<{ devices: { deviceId: number; desiredVersion: number }[] }>(
      `/api/projects/${projectId}/config/status`,
    );
    const desired = status.body.data?.devices.find((d) => d.deviceId === gw.id)?.desiredVersion ?? 0;
    expect(desired).toBe(applied + 2);

    // The device comes back: CONNECT and SUBSCRIBE only — no hello, so nothing is sent because of it.
    const c = await connectDevice(mqttTcpUrl(get().app), gw.sn);
    const received: { msg: ConfigMessage; retain: boolean }[] = [];
    c.on('message', (topic, payload, packet) => {
      if (topic === downTopic(gw.sn, 'config'))
        received.push({ msg: JSON.parse(payload.toString('utf8')) as ConfigMessage, retain: packet.retain });
    });
    try {
      await c.subscribeAsync(deviceDownFilter(gw.sn), { qos: 1 });
      const first = await waitFor(() => received[0], { what: 'the retained config' });
      expect(first.retain).toBe(true);
      expect(first.msg.version).toBe(desired);
      expect(first.msg.document.network?.vlans.map((v) => v.id)).toEqual(
        expect.arrayContaining([20, 30, 40]),
      );
    } finally {
      await c.endAsync(true);
    }
  });

  it('after a restart (the embedded broker’s retained store is empty) a connecting device still gets the newest version first', async () => {
    const projectId = await kit.newProject();
    const gw = await kit.addDevice(projectId, GATEWAY);
    await saveVlan(projectId, 50);
    const applied = (await gw.dev.waitConfig(1)).version;
    await gw.dev.close();
    const plane = get().app.devicePlane;
    await waitFor(() => (plane.gateway.isConnected(gw.sn) ? undefined : true), { what: 'offline' });
    await saveVlan(projectId, 60);
    await get().app.features.config.engine.drain();

    // The restarted console: a new process on the same database, its broker's store empty.
    const restarted = await buildApp(
      loadConfig({
        DATABASE_URL: 'sqlite::memory:',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        MQTT_PORT: '0',
        DEMO_ENABLED: 'false',
        PROVISIONING_KEY: TEST_KEY,
      }),
      { database: get().database, clock: new TestClock(), smsSender: new RecordingSms(), scryptLogN: 10 },
    );
    await restarted.ready();
    const c = await connectDevice(mqttTcpUrl(restarted), gw.sn);
    const received: ConfigMessage[] = [];
    c.on('message', (topic, payload) => {
      if (topic === downTopic(gw.sn, 'config'))
        received.push(JSON.parse(payload.toString('utf8')) as ConfigMessage);
    });
    try {
      await c.subscribeAsync(deviceDownFilter(gw.sn), { qos: 1 });
      const first = await waitFor(() => received[0], { what: 'the config after the restart' });
      expect(first.version).toBe(applied + 1);
      expect(first.document.network?.vlans.map((v) => v.id)).toEqual(expect.arrayContaining([50, 60]));
    } finally {
      await c.endAsync(true);
      await restarted.close();
    }
  });

  it('a deleted device’s retained config is cleared: whoever claims it next never receives it', async () => {
    const projectId = await kit.newProject();
    const gw = await kit.addDevice(projectId, GATEWAY);
    await saveVlan(projectId, 70);
    await gw.dev.waitConfig(1);
    await gw.dev.close();
    const plane = get().app.devicePlane;
    await waitFor(() => (plane.gateway.isConnected(gw.sn) ? undefined : true), { what: 'offline' });
    expect((await kit.owner.call('DELETE', `/api/projects/${projectId}/devices/${gw.id}`)).body.code).toBe(0);

    const c = await connectDevice(mqttTcpUrl(get().app), gw.sn);
    const received: { topic: string; bytes: number }[] = [];
    c.on('message', (topic, payload) => received.push({ topic, bytes: payload.byteLength }));
    try {
      await c.subscribeAsync(deviceDownFilter(gw.sn), { qos: 1 });
      // Positive control: a command published after the SUBSCRIBE arrives after anything retained.
      await plane.gateway.publish(gw.sn, 'command', {
        id: 'cmd_control',
        name: 'locate',
        args: {},
        expiresAt: Date.now() + 60_000,
      });
      await waitFor(
        () => (received.some((m) => m.topic === downTopic(gw.sn, 'command')) ? true : undefined),
        {
          what: 'the control command',
        },
      );
      expect(received.filter((m) => m.topic === downTopic(gw.sn, 'config') && m.bytes > 0)).toEqual([]);
    } finally {
      await c.endAsync(true);
    }
  });
});
