import { expect, it } from 'vitest';
import { buildProject, signedInUser } from './factories';
import {
  bootDevice,
  claimDevice,
  connectDevice,
  devicePublish,
  mqttTcpUrl,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

interface Metrics {
  process: { rss: number };
  gateway: { received: Record<string, number> };
  telemetry: { committed: number };
  publishToCommittedMs: { samples: number; p99: number | null };
}

describeEachDb('GET /api/internal/metrics with METRICS_ENABLED', (kind) => {
  const get = useTestApp(kind, { env: { METRICS_ENABLED: 'true', PROVISIONING_KEY: TEST_KEY } });

  it('reports the process, the gateway and the publish → committed latency of telemetry', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const project = await client.post<{ id: number }>('/api/projects', buildProject());
    const sn = uniqueSn();
    await claimDevice(t, project.body.data?.id ?? 0, sn);
    const device = await connectDevice(mqttTcpUrl(t.app), sn);
    try {
      await bootDevice(device, sn);
      await devicePublish(device, sn, 'telemetry', {
        txBytes: 10,
        rxBytes: 20,
        txRate: 1,
        rxRate: 2,
        clients: 3,
      });
      const m = await waitFor(async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/internal/metrics' });
        const body = res.json() as Metrics;
        return body.telemetry.committed >= 1 ? body : undefined;
      });
      expect(m.process.rss).toBeGreaterThan(0);
      expect(m.gateway.received.telemetry).toBe(1);
      expect(m.publishToCommittedMs.samples).toBe(1);
      expect(m.publishToCommittedMs.p99).toBeGreaterThanOrEqual(0);
    } finally {
      await device.endAsync();
    }
  });

  it('answers 404 to a caller that is not on this machine', async () => {
    const res = await get().app.inject({
      method: 'GET',
      url: '/api/internal/metrics',
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(404);
  });
});

describeEachDb('GET /api/internal/metrics by default', (kind) => {
  const get = useTestApp(kind);

  it('does not exist', async () => {
    const res = await get().app.inject({ method: 'GET', url: '/api/internal/metrics' });
    expect(res.statusCode).toBe(404);
  });
});
