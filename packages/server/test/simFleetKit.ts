/**
 * A project of simulated devices for the integration tests that need real ones (maintenance, backup,
 * firmware, wireless): the planned devices added through the API, then the fleet started against the
 * app's embedded broker and waited for until every device has reported its state.
 */
import { createFleet, type Fleet, planFleet } from '@netloom/sim';
import { expect } from 'vitest';
import type { TestClient } from './client';
import { mqttTcpUrl, TEST_KEY, waitFor } from './gatewayKit';
import type { TestApp } from './harness';

export interface SimulatedProject {
  fleet: Fleet;
  /** Device id by serial number. */
  ids: Map<string, number>;
}

export async function startSimulatedProject(
  t: TestApp,
  owner: TestClient,
  projectId: number,
  plan: { seed: number; devices: number; mix: 'office' },
  options: { timeFactor: number; timeoutMs: number },
): Promise<SimulatedProject> {
  const ids = new Map<string, number>();
  for (const d of planFleet(plan).devices) {
    const res = await owner.post<{ id: number }>(`/api/projects/${projectId}/devices`, {
      sn: d.sn,
      name: `${d.model.model}-${d.sn.slice(-4)}`,
    });
    expect(res.body.code).toBe(0);
    ids.set(d.sn, res.body.data?.id as number);
  }
  const fleet = createFleet({
    ...plan,
    url: mqttTcpUrl(t.app),
    provisioningKey: TEST_KEY,
    timeFactor: options.timeFactor,
    utcOffsetHours: 0,
    churnPerHour: 0,
    eventsPerHour: 0,
    rampMs: 200,
    backoff: { firstMinMs: 100, firstMaxMs: 300, capMs: 1000 },
  });
  fleet.start();
  await waitFor(
    () => (fleet.devices.every((d) => t.app.features.devices.get(d.sn)?.stateText) ? true : undefined),
    { timeoutMs: options.timeoutMs, what: 'every simulated device online with its state' },
  );
  return { fleet, ids };
}
