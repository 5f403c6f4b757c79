import type { NetworkConfigView, ProjectConfigStatus } from '@netloom/domain';
import { expect, it } from 'vitest';
import { FakeDevice, POE_SWITCH } from './configFakeDevice';
import { buildProject, signedInUser } from './factories';
import { mqttTcpUrl, TEST_KEY, uniqueSn, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const FLEET = 200;

describeEachDb('configuration engine at scale', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });

  it(`${FLEET} online switches converge after one network save`, async () => {
    const t = get();
    const { client: owner } = await signedInUser(t);
    const projectId = (await owner.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const url = mqttTcpUrl(t.app);
    const now = new Date().toISOString();
    const sns = Array.from({ length: FLEET }, () => uniqueSn('NLS'));
    const rows = await t.database.db
      .insertInto('devices')
      .values(
        sns.map((sn) => ({
          project_id: projectId,
          sn,
          type: 'switch',
          name: sn,
          status: 0,
          created_at: now,
        })),
      )
      .returning(['id', 'sn'])
      .execute();
    for (const r of rows)
      t.app.devicePlane.registry.upsert({ deviceId: r.id, projectId, sn: r.sn, type: 'switch', status: 0 });
    const fleet = sns.map((sn) => new FakeDevice(url, sn, POE_SWITCH));
    try {
      // Connect in waves: a thousand CONNECTs at once would time out in the test's own client library.
      for (let i = 0; i < fleet.length; i += 100)
        await Promise.all(fleet.slice(i, i + 100).map((d) => d.boot()));
      await waitFor(
        () => (fleet.every((d) => t.app.features.devices.get(d.sn)?.stateText) ? true : undefined),
        {
          timeoutMs: 20_000,
          what: 'fleet up',
        },
      );
      await t.app.features.config.engine.drain();
      const view = (await owner.get<NetworkConfigView>(`/api/projects/${projectId}/config/network`)).body
        .data as NetworkConfigView;
      const settings = structuredClone(view.settings);
      settings.vlans.push({ id: 20, name: 'Guest', ip: '192.168.20.1', mask: '255.255.255.0', dhcp: false });
      const started = performance.now();
      const res = await owner.call('PUT', `/api/projects/${projectId}/config/network`, {
        baseVersion: 0,
        settings,
      });
      expect(res.body.code).toBe(0);
      await waitFor(
        async () => {
          const s = (await owner.get<ProjectConfigStatus>(`/api/projects/${projectId}/config/status`)).body
            .data;
          return s && s.applied === FLEET ? true : undefined;
        },
        // A bound on waiting, not a speed claim: the time is measured by `npm run bench` (config).
        { timeoutMs: 60_000, what: 'every switch applied' },
      );
      const ms = performance.now() - started;
      console.log(`[${kind}] ${FLEET} switches applied in ${Math.round(ms)} ms`);
    } finally {
      await Promise.all(fleet.map((d) => d.close()));
    }
  }, 120_000);
});
