/**
 * RF optimisation end to end (issue 5 §2): the real server runs scan → plan → apply → measure on a
 * simulated open-plan floor (@netloom/sim `dense`: 30 APs packed on 2.4 GHz channel 1 and 5 GHz
 * channel 36). The record's measured after-figures come from the devices' second scan on their new
 * radios — lower than before, like the prediction, computed with the same interference model.
 */
import type { RfRun } from '@netloom/domain';
import { createFleet, type Fleet, planFleet } from '@netloom/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { buildProject, signedInUser } from './factories';
import { mqttTcpUrl, TEST_KEY, waitFor } from './gatewayKit';
import { useTestApp } from './harness';

const FLEET = { seed: 3, devices: 33, mix: 'dense' } as const;

describe('RF optimisation with the real server and a simulated dense floor', () => {
  const get = useTestApp('sqlite', { env: { PROVISIONING_KEY: TEST_KEY } });
  let owner: TestClient;
  let projectId = 0;
  let fleet: Fleet;

  beforeAll(async () => {
    const t = get();
    // Real time: scan commands expire by the server's clock, checked against the devices' own.
    t.clock.now = () => Date.now();
    const opts = t.app.features.rf.runs.options;
    opts.scanMs = 1000;
    opts.scanTimeoutMs = 10_000;
    opts.applyTimeoutMs = 20_000;
    opts.planBudgetMs = 300;
    owner = (await signedInUser(t)).client;
    projectId = (await owner.post<{ id: number }>('/api/projects', buildProject({ netMode: 0 }))).body.data
      ?.id as number;
    for (const d of planFleet(FLEET).devices) {
      const res = await owner.post(`/api/projects/${projectId}/devices`, { sn: d.sn, name: d.sn.slice(-6) });
      expect(res.body.code).toBe(0);
    }
    fleet = createFleet({
      ...FLEET,
      url: mqttTcpUrl(t.app),
      provisioningKey: TEST_KEY,
      timeFactor: 60,
      churnPerHour: 0,
      eventsPerHour: 0,
      rampMs: 300,
      backoff: { firstMinMs: 100, firstMaxMs: 300, capMs: 1000 },
    });
    fleet.start();
    await waitFor(
      () => (fleet.devices.every((d) => t.app.features.devices.get(d.sn)?.stateText) ? true : undefined),
      { timeoutMs: 20_000, what: 'every simulated device online with its state' },
    );
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
  });

  it('records measured after-figures from a second scan, lower than before like the prediction', async () => {
    const started = await owner.post<RfRun>(`/api/projects/${projectId}/rf/runs`, {});
    expect(started.body.code).toBe(0);
    const runId = started.body.data?.id as number;
    const run = await waitFor(
      async () => {
        const r = (await owner.get<RfRun>(`/api/projects/${projectId}/rf/runs/${runId}`)).body.data;
        return r && r.status !== 'running' ? r : undefined;
      },
      { timeoutMs: 45_000, what: 'the run to end' },
    );
    expect(run).toMatchObject({ status: 'succeeded', code: null });
    const { before, after, measuredAfter } = run;
    if (!before || !after || !measuredAfter) throw new Error(`figures missing: ${JSON.stringify(run)}`);
    expect(after.sameChannelDbm).toBeLessThan(before.sameChannelDbm);
    // Measured on the air after the change: same model, new scans — clearly lower than before too.
    expect(measuredAfter.sameChannelDbm).toBeLessThan(before.sameChannelDbm - 3);
    expect(measuredAfter.totalDbm).toBeLessThan(before.totalDbm);
    // The devices really run the new channels (not only the plan says so).
    const aps = fleet.devices.filter((d) => d.model.kind === 'ap');
    expect(new Set(aps.map((d) => d.hardware.radio('5G')?.channel)).size).toBeGreaterThan(2);
  }, 60_000);
});
