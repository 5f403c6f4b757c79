import type { RfRun, RfView, SaveConfigResult } from '@netloom/domain';
import type { CommandMessage } from '@netloom/protocol';
import { beforeAll, expect, it } from 'vitest';
import { RfStore } from '../src/features/rf/store';
import { type FakeDevice, type FakeIdentity, useFakeDeviceProjects } from './configFakeDevice';
import { devicePublish, TEST_KEY, waitFor } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

/** An AP packed on 2.4 GHz channel 1 and 5 GHz channel 36 with its neighbours (the crowded start). */
const PACKED_AP: FakeIdentity = {
  model: 'NL-A3000C',
  type: 'ap',
  firmwareVersion: 'V1.1.5',
  state: {
    radios: [
      { band: '2.4G', channel: 1, width: 20, txPower: 23, clients: 2 },
      { band: '5G', channel: 36, width: 20, txPower: 26, clients: 4 },
    ],
  },
};

function bssid(i: number, band: number): string {
  return `3C:52:A1:${String(i).padStart(2, '0')}:0${band}:01`;
}

describeEachDb('RF optimisation runs', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLR');
  const { newProject } = kit;
  const addAp = (projectId: number, identity: FakeIdentity = PACKED_AP) => kit.addDevice(projectId, identity);

  beforeAll(() => {
    const opts = get().app.features.rf.runs.options;
    opts.scanMs = 100;
    opts.scanTimeoutMs = 1500;
    opts.applyTimeoutMs = 5000;
    opts.planBudgetMs = 200;
  });

  /** Every AP hears every other on both bands, loud (all in one room, on the same channels). */
  function answerScans(aps: { sn: string; dev: FakeDevice }[]) {
    aps.forEach((me, i) => {
      me.dev.replies.set('scan', (cmd) => ({
        id: cmd.id,
        ok: true,
        result: {
          networks: aps.flatMap((other, j) =>
            other === me
              ? []
              : [
                  {
                    bssid: bssid(j, 2),
                    ssid: 'Office',
                    band: '2.4G',
                    channel: 1,
                    rssi: -48 - ((i + j) % 3),
                    sn: other.sn,
                  },
                  {
                    bssid: bssid(j, 5),
                    ssid: 'Office',
                    band: '5G',
                    channel: 36,
                    rssi: -55 - ((i + j) % 3),
                    sn: other.sn,
                  },
                ],
          ),
        },
      }));
    });
  }

  async function finished(projectId: number, runId: number): Promise<RfRun> {
    return waitFor(
      async () => {
        const r = (await kit.owner.get<RfRun>(`/api/projects/${projectId}/rf/runs/${runId}`)).body.data;
        return r && r.status !== 'running' ? r : undefined;
      },
      { timeoutMs: 15_000, what: `run ${runId} to end` },
    );
  }

  it('a full run on a co-channel neighbourhood: lower noise after, radio documents saved by the system and applied', async () => {
    const t = get();
    const projectId = await newProject();
    const aps = [];
    for (let i = 0; i < 4; i++) aps.push(await addAp(projectId));
    answerScans(aps);
    const events: { percent: number; stage: string; status: string }[] = [];
    const off = t.app.devicePlane.bus.subscribe(projectId, (e) => {
      if (e.type === 'rf.progress') events.push({ percent: e.percent, stage: e.stage, status: e.status });
    });

    const view0 = (await kit.owner.get<RfView>(`/api/projects/${projectId}/rf`)).body.data as RfView;
    expect(view0).toMatchObject({
      onlineAps: 4,
      totalAps: 4,
      running: null,
      records: [],
      nextAutoRunAt: null,
    });

    const started = await kit.owner.post<RfRun>(`/api/projects/${projectId}/rf/runs`, {});
    expect(started.body.code).toBe(0);
    expect(started.body.data).toMatchObject({ status: 'running', stage: 'scanning', trigger: 'manual' });
    const run = await finished(projectId, started.body.data?.id ?? 0);
    await waitFor(() => events.some((e) => e.stage === 'done') || undefined, { what: 'done event' });
    off();

    expect(run.status).toBe('succeeded');
    expect(run.code).toBeNull();
    expect(run.accessThreshold).toBe(-90);
    expect(run.before && run.after).toBeTruthy();
    expect(run.after?.totalDbm).toBeLessThan(run.before?.totalDbm ?? 0);
    expect(run.after?.sameChannelDbm).toBeLessThan(run.before?.sameChannelDbm ?? 0);
    // Measured after applying: every AP scanned a second time and the same model scored it. These
    // fakes keep reporting their old radios and the same loud neighbours, so the measurement shows
    // no gain — it is what the devices report, not the prediction.
    for (const ap of aps) expect(ap.dev.commands.filter((c) => c.name === 'scan')).toHaveLength(2);
    expect(run.measuredAfter).toEqual(run.before);
    // Every radio is in the record; four APs on 2.4 GHz channel 1 no longer all share it.
    expect(run.changes).toHaveLength(8);
    const after24 = run.changes.filter((c) => c.band === '2.4G').map((c) => c.channelAfter);
    expect(new Set(after24).size).toBeGreaterThan(1);
    const five = run.changes.filter((c) => c.band === '5G');
    expect(new Set(five.map((c) => c.channelAfter)).size).toBe(4);
    for (const c of run.changes) {
      expect(c.sameChannelAfter).toBeLessThanOrEqual(c.sameChannelBefore);
      expect(c.powerAfter).toBeGreaterThanOrEqual(8);
    }
    // Progress went up through the stages and ended at 100.
    expect(events.map((e) => e.stage)).toEqual(
      expect.arrayContaining(['scanning', 'planning', 'applying', 'done']),
    );
    const percents = events.map((e) => e.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', percent: 100 });

    // Each AP whose radios changed got a radio document by the system, and applied it.
    const changedIds = new Set(
      run.changes
        .filter((c) => c.channelAfter !== c.channelBefore || c.powerAfter !== c.powerBefore)
        .map((c) => c.deviceId),
    );
    expect(changedIds.size).toBeGreaterThan(0);
    const revs = await t.database.db
      .selectFrom('config_revisions')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', 'radio')
      .execute();
    expect(new Set(revs.map((r) => r.device_id))).toEqual(changedIds);
    // A manual run is credited to the account that started it, not to "System".
    const starter = await t.database.db
      .selectFrom('rf_runs')
      .select('account_id')
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(starter.account_id).not.toBeNull();
    for (const r of revs) {
      expect(r.account_id).toBe(starter.account_id);
      expect(r.summary).toMatch(new RegExp(`^RF optimisation #${run.id}: `));
    }
    for (const ap of aps.filter((a) => changedIds.has(a.id))) {
      const msg = ap.dev.configs.at(-1);
      const five = run.changes.find((c) => c.deviceId === ap.id && c.band === '5G');
      expect(msg?.document.radio?.radios.find((r) => r.band === '5G')?.channel).toBe(five?.channelAfter);
    }
    const statuses = await t.database.db
      .selectFrom('device_configs')
      .select('status')
      .where('device_id', 'in', [...changedIds])
      .execute();
    expect(statuses.every((s) => s.status === 'applied')).toBe(true);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('project_id', '=', projectId)
      .execute();
    // One entry for the whole run (not one per access point), credited to the account that ran it.
    const entries = audit.filter((a) => a.summary.includes(`RF optimisation #${run.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'rf.run',
      account_id: starter.account_id,
      device_id: null,
      summary: `RF optimisation #${run.id}: new channels or power on ${changedIds.size} of ${aps.length} access points.`,
    });

    const view = (await kit.owner.get<RfView>(`/api/projects/${projectId}/rf`)).body.data as RfView;
    expect(view.running).toBeNull();
    expect(view.records.map((r) => r.id)).toEqual([run.id]);
  });

  it('27 while a run is under way: another run, rf and radio saves; a run that cannot scan anyone fails with 2105', async () => {
    const projectId = await newProject();
    const a = await addAp(projectId);
    const b = await addAp(projectId);
    // Nobody answers the scans yet.
    const started = await kit.owner.post<RfRun>(`/api/projects/${projectId}/rf/runs`, {});
    expect(started.body.code).toBe(0);
    const runId = started.body.data?.id ?? 0;
    await waitFor(() => (a.dev.commands.some((c) => c.name === 'scan') ? true : undefined), {
      what: 'scan sent',
    });

    expect((await kit.owner.post(`/api/projects/${projectId}/rf/runs`, {})).body.code).toBe(27);
    const rf = await kit.owner.call<SaveConfigResult>('PUT', `/api/projects/${projectId}/config/rf`, {
      baseVersion: 0,
      settings: {
        auto: false,
        autoDays: [0],
        autoTime: '03:00',
        useDfs: true,
        accessThreshold: -80,
        roaming: { enabled: false, signalThreshold24: -75, signalThreshold5: -72, roamThreshold: 8 },
      },
    });
    expect(rf.body.code).toBe(27);
    const radio = await kit.owner.call('PUT', `/api/projects/${projectId}/devices/${a.id}/config/radio`, {
      baseVersion: 0,
      settings: { radios: [] },
    });
    expect(radio.body.code).toBe(27);
    const view = (await kit.owner.get<RfView>(`/api/projects/${projectId}/rf`)).body.data as RfView;
    expect(view.running?.id).toBe(runId);

    // One AP answers late (after its timeout), the other never: both are left out → 2105.
    const run = await finished(projectId, runId);
    expect(run).toMatchObject({ status: 'failed', code: 2105, stage: 'done' });
    const late = b.dev.commands.find((c) => c.name === 'scan') as CommandMessage;
    await devicePublish(b.dev.client as NonNullable<FakeDevice['client']>, b.sn, 'reply', {
      id: late.id,
      ok: true,
      result: { networks: [] },
    });
    // Saving works again.
    const again = await kit.owner.call('PUT', `/api/projects/${projectId}/devices/${a.id}/config/radio`, {
      baseVersion: 0,
      settings: { radios: [{ band: '5G', enabled: true, channel: 149, width: 20, txPower: 0 }] },
    });
    expect(again.body.code).toBe(0);
  });

  it('keeps the latest 20 finished runs per project; a run left running by a stopped server is failed at start', async () => {
    const t = get();
    const projectId = await newProject();
    const other = await newProject();
    const store = new RfStore(t.database.db);
    const row = (project: number, i: number, status = 'succeeded') => ({
      project_id: project,
      account_id: null,
      trigger: 'manual',
      status,
      stage: 'done',
      percent: 100,
      started_at: 1000 + i,
      finished_at: 2000 + i,
      code: null,
      access_threshold: -90,
      before_json: null,
      after_json: null,
      changes_json: '[]',
    });
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) ids.push(await store.insert(row(projectId, i)));
    await store.insert(row(other, 0));
    await store.prune(projectId);
    const view = (await kit.owner.get<RfView>(`/api/projects/${projectId}/rf`)).body.data as RfView;
    expect(view.records.map((r) => r.id)).toEqual(ids.slice(3).reverse());
    const left = await t.database.db
      .selectFrom('rf_runs')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    expect(left).toHaveLength(20);
    expect(await store.records(other)).toHaveLength(1);

    const abandoned = await store.insert(row(other, 1, 'running'));
    expect(await store.failAbandoned(2105, 5000)).toBe(1);
    const failed = (await kit.owner.get<RfRun>(`/api/projects/${other}/rf/runs/${abandoned}`)).body.data;
    expect(failed).toMatchObject({ status: 'failed', code: 2105, finishedAt: 5000 });
  });

  it('2104 with fewer than 2 online APs; 913 in a mesh project; 412 for an unknown run', async () => {
    const projectId = await newProject();
    await addAp(projectId);
    expect((await kit.owner.post(`/api/projects/${projectId}/rf/runs`, {})).body.code).toBe(2104);
    expect((await kit.owner.get(`/api/projects/${projectId}/rf/runs/999999`)).body.code).toBe(412);
    const mesh = await newProject(1);
    expect((await kit.owner.post(`/api/projects/${mesh}/rf/runs`, {})).body.code).toBe(913);
  });

  it('automatic runs: nextAutoRunAt follows the schedule in the project time zone, and a due tick starts a run', async () => {
    const t = get();
    const projectId = await newProject();
    const aps = [await addAp(projectId), await addAp(projectId)];
    answerScans(aps);
    // The test clock is Tuesday 2026-03-10 10:00 UTC = 18:00 at +8.
    const settings = {
      auto: true,
      autoDays: [1],
      autoTime: '18:30',
      useDfs: false,
      accessThreshold: -85,
      roaming: { enabled: false, signalThreshold24: -75, signalThreshold5: -72, roamThreshold: 8 },
    };
    const saved = await kit.owner.call('PUT', `/api/projects/${projectId}/config/rf`, {
      baseVersion: 0,
      settings,
    });
    expect(saved.body.code).toBe(0);
    const view = (await kit.owner.get<RfView>(`/api/projects/${projectId}/rf`)).body.data as RfView;
    expect(view.nextAutoRunAt).toBe(Date.parse('2026-03-10T10:30:00.000Z'));

    t.clock.advance(20 * 60);
    expect(await t.app.features.rf.runs.autoTick()).toBe(0);
    t.clock.advance(20 * 60);
    expect(await t.app.features.rf.runs.autoTick()).toBe(1);
    const running = (await kit.owner.get<RfView>(`/api/projects/${projectId}/rf`)).body.data as RfView;
    expect(running.running?.trigger).toBe('auto');
    const run = await finished(projectId, running.running?.id ?? 0);
    expect(run.status).toBe('succeeded');
    expect(run.accessThreshold).toBe(-85);
    // DFS off: no 5 GHz radio was given a DFS channel.
    for (const c of run.changes.filter((x) => x.band === '5G'))
      expect(c.channelAfter < 52 || c.channelAfter > 144).toBe(true);
    const next = (await kit.owner.get<RfView>(`/api/projects/${projectId}/rf`)).body.data as RfView;
    expect(next.nextAutoRunAt).toBe(Date.parse('2026-03-17T10:30:00.000Z'));
  });

  it('a locked (read-only) project gets no automatic run even when one is due', async () => {
    const t = get();
    const projectId = await newProject();
    answerScans([await addAp(projectId), await addAp(projectId)]);
    const settings = {
      auto: true,
      autoDays: [0, 1, 2, 3, 4, 5, 6],
      autoTime: '00:00',
      useDfs: false,
      accessThreshold: -85,
      roaming: { enabled: false, signalThreshold24: -75, signalThreshold5: -72, roamThreshold: 8 },
    };
    const saved = await kit.owner.call('PUT', `/api/projects/${projectId}/config/rf`, {
      baseVersion: 0,
      settings,
    });
    expect(saved.body.code).toBe(0);
    const lock = await kit.owner.call('PUT', `/api/projects/${projectId}/lock`, { locked: true });
    expect(lock.body.code).toBe(0);
    await t.app.features.rf.runs.autoTick();
    t.clock.advance(25 * 3600);
    await t.app.features.rf.runs.autoTick();
    const view = (await kit.owner.get<RfView>(`/api/projects/${projectId}/rf`)).body.data as RfView;
    expect(view.running).toBeNull();
    expect((await kit.owner.post(`/api/projects/${projectId}/rf/runs`, {})).body.code).toBe(173);
  });
});
