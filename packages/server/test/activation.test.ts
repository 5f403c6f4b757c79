/**
 * Activation statistics (issue 15 §2) on SQLite and PostgreSQL: a device is activated once, the
 * first time it is online while claimed into a project (over MQTT, through the devices feature's
 * online hook) — not again when it reconnects — with its model, firmware and its project's country;
 * a device claimed while already connected is activated at its claim. The rollup equals the raw
 * counts; the filters (range, model, country, period); the range rule (505); the .xlsx export holds
 * exactly what the dashboard shows; every role but the manufacturer is refused (403). Supported
 * models: the catalogue for any signed-in account, searched and filtered, with the newest uploaded
 * firmware.
 */
import {
  ACCOUNT_ROLES,
  type ActivationStats,
  DEVICE_MODELS,
  DEVICE_STATUS,
  ERR,
  latestFirmware,
  type SupportedModelList,
} from '@netloom/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ActivationStore, type NewActivation } from '../src/features/activation';
import { TestClient } from './client';
import { DUAL_BAND_AP, FakeDevice, GATEWAY, useFakeDeviceProjects } from './configFakeDevice';
import { buildProject, signedInUser } from './factories';
import { claimDevice, mqttTcpUrl, TEST_KEY, uniqueSn, waitFor } from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';

async function makeRole(t: TestApp, accountId: number, role: number): Promise<void> {
  await t.database.db.updateTable('accounts').set({ role }).where('id', '=', accountId).execute();
}

async function download(t: TestApp, client: TestClient, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

function activation(
  sn: string,
  day: string,
  model: string,
  firmware: string,
  country: string,
): NewActivation {
  return {
    sn,
    device_id: 1,
    project_id: 1,
    model,
    firmware,
    country,
    day,
    activated_at: Date.parse(`${day}T12:00:00Z`),
  };
}

describeEachDb('activation statistics', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLAC');

  const rowsOf = (sns: string[]) =>
    get().database.db.selectFrom('device_activations').selectAll().where('sn', 'in', sns).execute();

  /** Flushes the recorder until the device has its activation row. */
  async function waitActivated(sn: string) {
    const t = get();
    return waitFor(
      async () => {
        await t.app.features.activation.flush();
        return (await rowsOf([sn]))[0];
      },
      { what: `activation of ${sn}` },
    );
  }

  it('records a device once, at its first time online in a project, with model, firmware and country', async () => {
    const t = get();
    const created = await kit.owner.post<{ id: number }>(
      '/api/projects',
      buildProject({ place: { lat: 52.52, lng: 13.4, country: 'DE', city: 'Berlin' } }),
    );
    const projectId = created.body.data?.id ?? 0;
    const gw = await kit.addDevice(projectId, GATEWAY);
    const ap = await kit.addDevice(projectId, DUAL_BAND_AP);
    const first = await waitActivated(ap.sn);
    expect(first).toMatchObject({
      device_id: ap.id,
      project_id: projectId,
      model: DUAL_BAND_AP.model,
      firmware: DUAL_BAND_AP.firmwareVersion,
      country: 'DE',
    });
    expect(first.day).toBe(new Date(Number(first.activated_at)).toISOString().slice(0, 10));
    await waitActivated(gw.sn);

    // The AP goes offline and comes back: no second activation, the rollup unchanged.
    const rollupBefore = await t.database.db.selectFrom('activation_days').selectAll().execute();
    await ap.dev.close();
    await waitFor(
      () => (t.app.devicePlane.registry.get(ap.sn)?.status === DEVICE_STATUS.OFFLINE ? true : undefined),
      {
        what: 'AP offline',
      },
    );
    await ap.dev.boot();
    await waitFor(
      () => (t.app.devicePlane.registry.get(ap.sn)?.status === DEVICE_STATUS.ONLINE ? true : undefined),
      {
        what: 'AP back online',
      },
    );
    await t.app.features.activation.flush();
    const after = await rowsOf([ap.sn]);
    expect(after).toHaveLength(1);
    expect(after[0]?.activated_at).toBe(first.activated_at);
    expect(await t.database.db.selectFrom('activation_days').selectAll().execute()).toEqual(rollupBefore);
  });

  it('activates a device claimed while it is already connected, at its claim', async () => {
    const t = get();
    const projectId = await kit.newProject();
    const sn = uniqueSn('NLACW');
    const dev = new FakeDevice(mqttTcpUrl(t.app), sn, GATEWAY);
    await dev.boot();
    try {
      await waitFor(() => (t.app.features.devices.get(sn)?.stateText ? true : undefined), { what: 'state' });
      await t.app.features.activation.flush();
      // Connected but in no project: not activated.
      expect(await rowsOf([sn])).toHaveLength(0);
      await claimDevice(t, projectId, sn, GATEWAY.type);
      expect(await waitActivated(sn)).toMatchObject({
        model: GATEWAY.model,
        project_id: projectId,
        country: '',
      });
    } finally {
      await dev.close();
    }
  });

  it('keeps the rollup equal to the raw counts; filters, periods, the range rule and the export', async () => {
    const t = get();
    const store = new ActivationStore(t.database.db);
    const p = `R${kind}`;
    const seed = [
      activation(`${p}1`, '2030-03-02', 'NL-A1200C', 'V1.1.2', 'DE'),
      activation(`${p}2`, '2030-03-02', 'NL-A1200C', 'V1.1.2', 'DE'),
      activation(`${p}3`, '2030-03-03', 'NL-A1200C', 'V1.0.9', 'FR'),
      activation(`${p}4`, '2030-03-10', 'NL-G300', 'V1.1.4', 'DE'),
      activation(`${p}5`, '2030-04-01', 'NL-G300', 'V1.1.4', ''),
      activation(`${p}6`, '2030-04-02', 'NL-S108', 'V1.0.9', 'FR'),
    ];
    expect(await store.record(seed.slice(0, 3))).toBe(3);
    // The same serials again (another node, a retry): nothing new, nothing counted twice.
    expect(await store.record([...seed.slice(1, 3), ...seed.slice(3)])).toBe(3);

    const raw = await t.database.db
      .selectFrom('device_activations')
      .select(['day', 'model', 'firmware', 'country', sql<number>`count(*)`.as('n')])
      .where('day', '>=', '2030-01-01')
      .groupBy(['day', 'model', 'firmware', 'country'])
      .execute();
    const rollup = await t.database.db
      .selectFrom('activation_days')
      .select(['day', 'model', 'firmware', 'country', 'count'])
      .where('day', '>=', '2030-01-01')
      .execute();
    const norm = (
      rows: { day: string; model: string; firmware: string; country: string; n: number | string }[],
    ) => rows.map((r) => `${r.day} ${r.model} ${r.firmware} ${r.country} ${Number(r.n)}`).sort();
    expect(norm(rollup.map((r) => ({ ...r, n: r.count })))).toEqual(norm(raw));
    expect(rollup.reduce((n, r) => n + Number(r.count), 0)).toBe(6);
    const months = await t.database.db
      .selectFrom('activation_months')
      .select(['month', 'model', 'firmware', 'country', 'count'])
      .where('month', '>=', '2030-01-01')
      .execute();
    expect(
      months.map((r) => `${r.month} ${r.model} ${r.firmware} ${r.country} ${Number(r.count)}`).sort(),
    ).toEqual([
      '2030-03-01 NL-A1200C V1.0.9 FR 1',
      '2030-03-01 NL-A1200C V1.1.2 DE 2',
      '2030-03-01 NL-G300 V1.1.4 DE 1',
      '2030-04-01 NL-G300 V1.1.4  1',
      '2030-04-01 NL-S108 V1.0.9 FR 1',
    ]);
    const totals = await t.database.db
      .selectFrom('activation_day_totals')
      .select(['day', 'count'])
      .where('day', '>=', '2030-01-01')
      .orderBy('day')
      .execute();
    expect(totals.map((r) => [r.day, Number(r.count)])).toEqual([
      ['2030-03-02', 2],
      ['2030-03-03', 1],
      ['2030-03-10', 1],
      ['2030-04-01', 1],
      ['2030-04-02', 1],
    ]);
    // A rebuild from the raw rows gives the same rollups.
    await store.rebuildRollups();
    expect(
      await t.database.db
        .selectFrom('activation_days')
        .select(['day', 'count'])
        .where('day', '>=', '2030-01-01')
        .orderBy('day')
        .execute(),
    ).toHaveLength(rollup.length);

    const boss = await signedInUser(t);
    await makeRole(t, boss.accountId, ACCOUNT_ROLES.MANUFACTURER);
    const stats = async (query: string) => {
      const r = await boss.client.get<ActivationStats>(`/api/activations?${query}`);
      expect(r.body.code, JSON.stringify(r.body)).toBe(0);
      return r.body.data as ActivationStats;
    };
    const all = await stats('from=2030-03-01&to=2030-04-30&period=month');
    expect(all.total).toBe(6);
    expect(all.series.map((s) => [s.period, s.count])).toEqual([
      ['2030-03-01', 4],
      ['2030-04-01', 2],
    ]);
    expect(all.byModel).toEqual([
      { model: 'NL-A1200C', count: 3 },
      { model: 'NL-G300', count: 2 },
      { model: 'NL-S108', count: 1 },
    ]);
    expect(all.byFirmware[0]).toEqual({ model: 'NL-A1200C', firmware: 'V1.1.2', count: 2 });
    expect(all.byCountry).toEqual([
      { country: 'DE', name: 'Germany', count: 3 },
      { country: 'FR', name: 'France', count: 2 },
      { country: '', name: 'Unknown', count: 1 },
    ]);

    // Weeks start on Monday: 2030-03-02 is a Saturday and 03-03 a Sunday (week of 02-25), 03-10 a
    // Sunday (week of 03-04).
    const weeks = await stats('from=2030-03-01&to=2030-03-15&period=week');
    expect(weeks.series.map((s) => [s.period, s.count])).toEqual([
      ['2030-02-25', 3],
      ['2030-03-04', 1],
      ['2030-03-11', 0],
    ]);
    const days = await stats('from=2030-03-02&to=2030-03-03');
    expect(days.series.map((s) => s.count)).toEqual([2, 1]);

    // Partial months at both ends (day rollup) around a whole month (month rollup).
    const mixed = await stats('from=2030-03-03&to=2030-04-01&period=month');
    expect(mixed.total).toBe(3);
    expect(mixed.byModel).toEqual([
      { model: 'NL-G300', count: 2 },
      { model: 'NL-A1200C', count: 1 },
    ]);
    // Equal counts in name order.
    expect(mixed.byCountry.map((c) => [c.name, c.count])).toEqual([
      ['France', 1],
      ['Germany', 1],
      ['Unknown', 1],
    ]);
    const byModel = await stats('from=2030-03-01&to=2030-04-30&model=NL-A1200C');
    expect(byModel.total).toBe(3);
    expect(byModel.byCountry.map((c) => [c.country, c.count])).toEqual([
      ['DE', 2],
      ['FR', 1],
    ]);
    const byCountry = await stats('from=2030-03-01&to=2030-04-30&country=FR&period=month');
    expect(byCountry.total).toBe(2);
    expect(byCountry.byModel.map((m) => m.model).sort()).toEqual(['NL-A1200C', 'NL-S108']);
    expect(byCountry.byCountry).toEqual([{ country: 'FR', name: 'France', count: 2 }]);
    // The country choices stay those of the range (the filter does not hide the others).
    expect(byCountry.choices.countries.map((c) => c.country).sort()).toEqual(['', 'DE', 'FR']);

    for (const bad of ['from=2030-04-02&to=2030-04-01', 'from=2028-01-01&to=2030-04-01']) {
      const r = await boss.client.get(`/api/activations?${bad}`);
      expect(r.body.code).toBe(ERR.ACTIVATION_RANGE_INVALID);
    }
    expect((await boss.client.get('/api/activations?from=2030-02-30&to=2030-03-01')).body.code).toBe(
      ERR.INVALID_PARAMETERS,
    );

    // The export: exactly what the dashboard shows for the same filters.
    const res = await download(
      t,
      boss.client,
      '/api/activations/export.xlsx?from=2030-03-01&to=2030-04-30&country=FR&period=month',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('activations-2030-03-01-to-2030-04-30.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Activations',
      'By model',
      'By firmware',
      'By country',
    ]);
    const values = (name: string) =>
      (wb.getWorksheet(name)?.getSheetValues() ?? [])
        .filter((r) => Array.isArray(r))
        .map((r) => (r as unknown[]).slice(1));
    expect(values('Summary')).toContainEqual(['Total activations', byCountry.total]);
    expect(values('Summary')).toContainEqual(['Country', 'France']);
    expect(values('Activations').slice(1)).toEqual(byCountry.series.map((s) => [s.label, s.count]));
    expect(values('By model').slice(1)).toEqual(byCountry.byModel.map((m) => [m.model, m.count]));
    expect(values('By firmware').slice(1)).toEqual(
      byCountry.byFirmware.map((f) => [f.model, f.firmware, f.count]),
    );
    expect(values('By country').slice(1)).toEqual([['France', 'FR', 2]]);
  });

  it('refuses every role but the manufacturer (403), the dashboard and the export', async () => {
    const t = get();
    const user = await signedInUser(t);
    for (const role of [ACCOUNT_ROLES.NORMAL, ACCOUNT_ROLES.ENGINEER, ACCOUNT_ROLES.RETAIL_PARTNER]) {
      await makeRole(t, user.accountId, role);
      const r = await user.client.get('/api/activations?from=2030-03-01&to=2030-03-31');
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(ERR.NO_PERMISSION);
      const file = await download(
        t,
        user.client,
        '/api/activations/export.xlsx?from=2030-03-01&to=2030-03-31',
      );
      expect(file.statusCode).toBe(403);
    }
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/activations?from=2030-03-01&to=2030-03-31')).status).toBe(401);
  });

  it('lists the supported models to every signed-in account: search, type filter, newest uploaded firmware', async () => {
    const t = get();
    const user = await signedInUser(t);
    const list = async (query = '') => {
      const r = await user.client.get<SupportedModelList>(`/api/models${query}`);
      expect(r.body.code).toBe(0);
      return r.body.data as SupportedModelList;
    };
    const everything = await list();
    expect(everything.total).toBe(DEVICE_MODELS.length);
    expect(everything.items.map((m) => m.model)).toEqual(DEVICE_MODELS.map((m) => m.model));
    const ap = everything.items.find((m) => m.model === 'NL-A1200C');
    const catalogued = DEVICE_MODELS.find((m) => m.model === 'NL-A1200C');
    expect(ap).toMatchObject({
      kind: 'ap',
      picture: 'ap',
      latestFirmware: catalogued ? latestFirmware(catalogued) : '',
      releasedOn: catalogued?.firmwareReleasedOn,
      firmwareSource: 'catalogue',
      poePowered: true,
    });
    expect(ap?.radios).toContain('5G Wi-Fi 5 2×2');

    const switches = await list('?kind=switch');
    expect(switches.items.length).toBeGreaterThan(0);
    expect(switches.items.every((m) => m.kind === 'switch')).toBe(true);
    expect(switches.items.some((m) => m.poePorts > 0 && m.poeBudgetWatts > 0)).toBe(true);
    const found = await list('?q=a1200');
    expect(found.items.map((m) => m.model)).toEqual(['NL-A1200C']);
    expect((await list('?q=no-such-model')).items).toEqual([]);

    // A firmware file uploaded for the model (any project) becomes its latest, dated by its upload.
    const projectId = await kit.newProject();
    const uploadedAt = Date.parse('2030-05-06T08:00:00Z');
    await t.database.db
      .insertInto('firmware_files')
      .values({
        project_id: projectId,
        model: 'nl-a1200c',
        version: 'V1.2.0',
        file_name: 'a1200c-v1.2.0.bin',
        file_key: `key-${kind}`,
        size: 10,
        sha256: '0'.repeat(64),
        notes: '',
        url_key: 'k',
        uploaded_by: null,
        created_at: uploadedAt,
      })
      .execute();
    const after = (await list('?q=NL-A1200C')).items[0];
    expect(after).toMatchObject({
      latestFirmware: 'V1.2.0',
      releasedOn: '2030-05-06',
      firmwareSource: 'upload',
    });

    expect((await new TestClient(t.app).get('/api/models')).status).toBe(401);
  });
});
