import { type DeviceImportResult, type DeviceList, ERR, IMPORT_MAX_DEVICES } from '@netloom/domain';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { createProject, DEVICE_ENV, nextSn, seedPending, upload, workbook } from './devices.fixtures';
import { xlsWorkbook } from './excelXls.fixtures';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

describeEachDb('devices: Excel import', (kind) => {
  const t = useTestApp(kind, { env: DEVICE_ENV });

  async function setup(netMode: 0 | 1 = 0) {
    const user = await signedInUser(t());
    const projectId = await createProject(user.client, { netMode });
    const url = `/api/projects/${projectId}/devices/import`;
    const run = (bytes: Buffer, filename = 'devices.xlsx') =>
      upload<DeviceImportResult>(user.client, url, filename, bytes);
    const total = async () =>
      (await user.client.get<DeviceList>(`/api/projects/${projectId}/devices`)).body.data?.total;
    return { ...user, projectId, run, total };
  }

  it('serves the template: header row, example row, instructions; the untouched template imports nothing', async () => {
    const { client, run } = await setup();
    // The body is binary: read the raw response (the test client parses JSON).
    const res = await t().app.inject({
      method: 'GET',
      url: '/api/devices/import-template.xlsx',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Devices');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'SN', 'Name', 'Location']);
    expect(sheet?.getRow(2).getCell(1).value).toBe('NL0123456789ABCDEF');
    expect(wb.getWorksheet('Instructions')?.rowCount).toBeGreaterThan(5);
    const empty = await run(res.rawPayload);
    expect(empty.status).toBe(400);
    expect(empty.body.issues?.[0]).toEqual({ path: 'file', message: 'The file has no devices.' });
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/devices/import-template.xlsx' })).statusCode,
    ).toBe(401);
  });

  it('imports 20 devices written by exceljs', async () => {
    const { run, total } = await setup();
    const rows = Array.from({ length: 20 }, (_, i) => [nextSn(), `AP-${i + 1}`, i % 2 ? 'Floor 2' : null]);
    const r = await run(await workbook(rows));
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ total: 20, added: 20, failed: 0 });
    expect(r.body.data?.rows[0]).toMatchObject({ row: 2, outcome: 'added', code: 0 });
    expect(await total()).toBe(20);
  });

  it('258 when the headers do not match the template', async () => {
    const { run, total } = await setup();
    const r = await run(await workbook([[nextSn(), 'A', '']], ['Serial', 'Name', 'Location']));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ERR.EXCEL_TEMPLATE_INCORRECT);
    expect(r.body.message).toBe(
      'The Excel file does not match the import template. Download the template and try again.',
    );
    expect(r.body.issues?.[0]?.message).toContain('the columns must be SN, Name, Location');
    expect((await run(await workbook([[nextSn()]], ['SN']))).body.code).toBe(258);
    expect(await total()).toBe(0);
  });

  it(`refuses more than ${IMPORT_MAX_DEVICES} rows whole`, async () => {
    const { run, total } = await setup();
    const rows = Array.from({ length: IMPORT_MAX_DEVICES + 1 }, () => [nextSn(), '', '']);
    const r = await run(await workbook(rows));
    expect(r.status).toBe(400);
    expect(r.body.issues?.[0]?.message).toBe('A file can import at most 500 devices (501 rows given).');
    expect(await total()).toBe(0);
  });

  it('reports bad rows and duplicates row by row and adds the rest', async () => {
    const { run, client, projectId, total } = await setup();
    const existing = nextSn();
    expect(
      (await client.post(`/api/projects/${projectId}/devices`, { sn: existing, name: 'Old' })).body.code,
    ).toBe(0);
    const stranger = await signedInUser(t());
    const foreign = nextSn();
    const p2 = await createProject(stranger.client);
    expect(
      (await stranger.client.post(`/api/projects/${p2}/devices`, { sn: foreign, name: 'Theirs' })).body.code,
    ).toBe(0);
    const [a, b, c] = [nextSn(), nextSn(), nextSn()];
    const rows = [
      [a, 'A1', 'Hall'], // row 2: added
      [a.toLowerCase(), 'A2', ''], // row 3: repeats row 2
      ['SHORT', 'S', ''], // row 4: bad SN
      [existing, 'E', ''], // row 5: already in the project
      [null, null, null], // row 6: blank, skipped
      [b, 'has space', ''], // row 7: bad name
      [foreign, 'F', ''], // row 8: bound to another project
      [c, '', 'Roof'], // row 9: added with a default name
    ];
    const r = await run(await workbook(rows));
    expect(r.body.code).toBe(0);
    const byRow = Object.fromEntries((r.body.data?.rows ?? []).map((x) => [x.row, x]));
    expect(r.body.data).toMatchObject({ total: 7, added: 2, failed: 5 });
    expect(byRow[2]).toMatchObject({ outcome: 'added', code: 0 });
    expect(byRow[3]).toMatchObject({
      outcome: 'failed',
      code: 411,
      message: `Row 3: serial number ${a} repeats row 2.`,
    });
    expect(byRow[4]).toMatchObject({
      code: 400,
      message: 'Row 4: Serial number must be 16–32 letters or digits.',
    });
    expect(byRow[5]).toMatchObject({ code: 411, message: `Row 5: ${existing} is already added.` });
    expect(byRow[6]).toBeUndefined();
    expect(byRow[7]).toMatchObject({ code: 400, message: 'Row 7: Device name cannot contain spaces.' });
    expect(byRow[8]).toMatchObject({
      code: 166,
      message: 'Row 8: The device is already bound to another project.',
    });
    expect(byRow[9]).toMatchObject({ outcome: 'added', name: `Device-${c.slice(-4)}` });
    expect(await total()).toBe(3);
    const roof = await client.get<DeviceList>(`/api/projects/${projectId}/devices?q=Roof`);
    expect(roof.body.data?.items[0]).toMatchObject({
      sn: c,
      name: `Device-${c.slice(-4)}`,
      location: 'Roof',
    });
  });

  it('applies the kind rules per row (67) and refuses a file mixing mesh and traditional devices (154)', async () => {
    const { run, total } = await setup();
    const db = t().database.db;
    const [g1, g2, m1, ap] = [nextSn(), nextSn(), nextSn(), nextSn()];
    await seedPending(db, { sn: g1, type: 'v7', model: 'NL-G300' });
    await seedPending(db, { sn: g2, type: 'router', model: 'NL-R200' });
    await seedPending(db, { sn: m1, type: 'mesh', model: 'NL-M1800' });
    await seedPending(db, { sn: ap, type: 'ap', model: 'NL-A1200C' });
    const mixed = await run(
      await workbook([
        [g1, 'G', ''],
        [m1, 'M', ''],
        [ap, 'A', ''],
      ]),
    );
    expect(mixed.status).toBe(409);
    expect(mixed.body.code).toBe(ERR.MIXED_MODES_IN_BATCH);
    expect(await total()).toBe(0);
    const gateways = await run(
      await workbook([
        [g1, 'G1', ''],
        [g2, 'G2', ''],
        [ap, 'A', ''],
      ]),
    );
    expect(gateways.body.data?.rows.map((x) => x.code)).toEqual([0, ERR.GATEWAY_LIMIT, 0]);
  });

  it('reads a digits-only SN typed as a number and .xls files; refuses non-Excel content and other extensions', async () => {
    const { run, total } = await setup();
    const ok = await run(await workbook([[1234567890123456, 'Numeric', '']]));
    expect(ok.body.data?.rows[0]).toMatchObject({ sn: '1234567890123456', outcome: 'added' });
    const xls = await run(xlsWorkbook([[nextSn(), 'Old-format', 'Floor 1']]), 'devices.xls');
    expect(xls.body.data?.rows[0]).toMatchObject({ row: 2, outcome: 'added' });
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    const broken = await run(ole, 'devices.xls');
    expect(broken.status).toBe(400);
    expect(broken.body.issues?.[0]?.message).toContain('not an Excel workbook');
    const junk = await run(Buffer.from('SN,Name\nNL0123456789ABCDEF,x\n'), 'devices.xlsx');
    expect(junk.body.issues?.[0]?.message).toBe(
      'The file is not an Excel workbook. Download the template, fill it in and import it.',
    );
    const csv = await run(await workbook([[nextSn(), 'x', '']]), 'devices.csv');
    expect(csv.body.issues?.[0]?.message).toBe('Choose an Excel file (.xls or .xlsx).');
    // An .xlsx saved under an .xls name is read by its content.
    const renamed = await run(await workbook([[nextSn(), 'Renamed', '']]), 'old-name.XLS');
    expect(renamed.body.data?.added).toBe(1);
    expect(await total()).toBe(3);
  });

  it('needs the rw right (916) and a multipart file', async () => {
    const owner = await setup();
    const viewer = await signedInUser(t());
    await t()
      .database.db.insertInto('project_members')
      .values({
        project_id: owner.projectId,
        account_id: viewer.accountId,
        right: 'r',
        created_at: new Date().toISOString(),
      })
      .execute();
    const url = `/api/projects/${owner.projectId}/devices/import`;
    const r = await upload(viewer.client, url, 'd.xlsx', await workbook([[nextSn(), 'x', '']]));
    expect(r.body.code).toBe(ERR.READ_ONLY_SHARE);
    const notMultipart = await owner.client.post(url, { file: 'x' });
    expect(notMultipart.status).toBe(400);
  });
});
