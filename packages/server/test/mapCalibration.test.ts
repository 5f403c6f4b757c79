/**
 * Calibration from measurements, end to end (issue 12 §2): simulated APs stand on a floor whose
 * geometry only the simulator knows (@netloom/sim `floorPlan`: positions, walls with their loss, a
 * path-loss exponent per band). An RF optimisation run makes them scan their neighbours through the
 * protocol; the same floor is drawn through the maps API (scale, walls, APs placed), and the map's
 * calibration — fitted by the server to the scans it stored — recovers the simulator's exponents
 * within 10 %. On SQLite and PostgreSQL.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALIBRATION_MIN_MEASUREMENTS, calibrationText, type MapDetail, type RfRun } from '@netloom/domain';
import { CALIBRATION_FLOOR, calibrationFloorPlan, createFleet, type Fleet, planFleet } from '@netloom/sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from './client';
import { buildProject, signedInUser } from './factories';
import { mqttTcpUrl, TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';
import { file, png, upload } from './maps.fixtures';

/** The simulator's exponents: what the fit must find. */
const EXPONENT = CALIBRATION_FLOOR.exponent;

/** 600 × 320 px at 0.05 m/px: a 30 m × 16 m floor. */
const IMAGE = { width: 600, height: 320 };
const SCALE = { from: { x: 0, y: 10 }, to: { x: 500, y: 10 }, lengthM: 25 };

const { walls: WALLS, spots: SPOTS } = CALIBRATION_FLOOR;

describeEachDb('Wi-Fi map calibration from simulated neighbour scans', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `netloom-calibration-${kind}-`));
  const get = useTestApp(kind, { env: { PROVISIONING_KEY: TEST_KEY, DATA_DIR: dataDir } });
  let owner: TestClient;
  let projectId = 0;
  let fleet: Fleet;
  const sns = Array.from(
    { length: 9 },
    (_, i) => `NLSCAL${kind === 'sqlite' ? 'S' : 'P'}${String(i).padStart(9, '0')}`,
  );
  const plan = planFleet({ seed: 11, sns, site: 'dense' });
  const aps = plan.devices.filter((d) => d.kind === 'ap');

  beforeAll(async () => {
    const t = get();
    // Real time: scan commands expire by the server's clock, checked against the devices' own.
    t.clock.now = () => Date.now();
    const opts = t.app.features.rf.runs.options;
    opts.scanMs = 1000;
    opts.scanTimeoutMs = 10_000;
    opts.applyTimeoutMs = 20_000;
    opts.planBudgetMs = 200;
    owner = (await signedInUser(t)).client;
    projectId = (await owner.post<{ id: number }>('/api/projects', buildProject({ netMode: 0 }))).body.data
      ?.id as number;
    for (const d of plan.devices) {
      const res = await owner.post(`/api/projects/${projectId}/devices`, { sn: d.sn, name: d.sn.slice(-6) });
      expect(res.body.code).toBe(0);
    }
    expect(aps).toHaveLength(SPOTS.length);
    const floorPlan = calibrationFloorPlan(
      aps.map((d) => d.sn),
      2,
    );
    fleet = createFleet({
      seed: 11,
      sns,
      site: 'dense',
      url: mqttTcpUrl(t.app),
      provisioningKey: TEST_KEY,
      timeFactor: 60,
      churnPerHour: 0,
      eventsPerHour: 0,
      rampMs: 300,
      backoff: { firstMinMs: 100, firstMaxMs: 300, capMs: 1000 },
      floorPlan,
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

  it('fits the exponent of the simulated floor within 10 % from the APs’ scans, per band', async () => {
    const t = get();
    const base = `/api/projects/${projectId}/maps`;
    const created = await upload(owner, projectId, [
      file('Calibration floor.png', png(IMAGE.width, IMAGE.height)),
    ]);
    expect(created.body.code).toBe(0);
    const mapId = created.body.data?.maps[0]?.id as number;
    expect((await owner.call('PUT', `${base}/${mapId}/scale`, SCALE)).body.code).toBe(0);
    expect((await owner.call('PUT', `${base}/${mapId}/walls`, { walls: WALLS })).body.code).toBe(0);
    const ids = await t.database.db
      .selectFrom('devices')
      .select(['id', 'sn'])
      .where('project_id', '=', projectId)
      .execute();
    const idOf = new Map(ids.map((r) => [r.sn, r.id]));
    for (const [i, d] of aps.entries()) {
      const placed = await owner.call('PUT', `${base}/${mapId}/placements/${idOf.get(d.sn)}`, SPOTS[i]);
      expect(placed.body.code).toBe(0);
    }

    // Before any scan: not calibrated, and the page says why.
    const before = (await owner.get<MapDetail>(`${base}/${mapId}`)).body.data as MapDetail;
    expect(before.calibration.map((c) => [c.band, c.measurements, c.exponent, c.applied])).toEqual([
      ['2.4G', 0, null, false],
      ['5G', 0, null, false],
    ]);
    expect(calibrationText(before.calibration[0] as MapDetail['calibration'][number])).toBe(
      `Not calibrated: needs at least ${CALIBRATION_MIN_MEASUREMENTS} measurements between placed APs (0 so far).`,
    );

    // An RF optimisation run: every AP scans its neighbours (before planning and after applying).
    const started = await owner.post<RfRun>(`/api/projects/${projectId}/rf/runs`, {});
    expect(started.body.code).toBe(0);
    const runId = started.body.data?.id as number;
    await waitFor(
      async () => {
        const r = (await owner.get<RfRun>(`/api/projects/${projectId}/rf/runs/${runId}`)).body.data;
        return r && r.status !== 'running' ? r : undefined;
      },
      { timeoutMs: 45_000, what: 'the run to end' },
    );

    const after = (await owner.get<MapDetail>(`${base}/${mapId}`)).body.data as MapDetail;
    for (const band of ['2.4G', '5G'] as const) {
      const c = after.calibration.find((x) => x.band === band);
      if (!c || c.exponent === null || c.rmsErrorDb === null)
        throw new Error(`${band}: ${JSON.stringify(c)}`);
      expect(c.measurements).toBeGreaterThanOrEqual(CALIBRATION_MIN_MEASUREMENTS);
      expect(Math.abs(c.exponent - EXPONENT[band]) / EXPONENT[band]).toBeLessThan(0.1);
      expect(c.applied).toBe(true);
      // The shadowing is ±2 dB and the scans round to whole dBm: the residual stays small.
      expect(c.rmsErrorDb).toBeLessThan(3);
      expect(c.measuredAt).toBeGreaterThan(0);
      expect(calibrationText(c)).toMatch(/^Calibrated from \d+ measurements, error ± \d+\.\d dB\.$/);
    }

    // Without the walls the same scans need a steeper exponent: the walls are in the fit.
    expect((await owner.call('PUT', `${base}/${mapId}/walls`, { walls: [] })).body.code).toBe(0);
    const bare = (await owner.get<MapDetail>(`${base}/${mapId}`)).body.data as MapDetail;
    for (const band of ['2.4G', '5G'] as const) {
      const walled = after.calibration.find((x) => x.band === band)?.exponent as number;
      expect(bare.calibration.find((x) => x.band === band)?.exponent).toBeGreaterThan(walled + 0.3);
    }
  }, 90_000);
});
