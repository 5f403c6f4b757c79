/**
 * The solution generator (issue 15 §1): generate from a scenario and a site's inputs (each number
 * with its reason), save with the §5 device-list rules (55, 56, 57, 523, 524), edit with the version
 * opened (54), copy, delete, custom scenarios (186, 525, 526, 527), the PDF (content type, pages,
 * the bill of materials in its text — read with poppler's pdftotext), and sharing a copy (21, 22,
 * 28). On SQLite and PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ERR,
  MAX_CUSTOM_SCENARIOS,
  type Solution,
  type SolutionDraft,
  type SolutionInput,
  type SolutionInputs,
  type SolutionSummary,
} from '@netloom/domain';
import { PDFDocument } from 'pdf-lib';
import { expect, it } from 'vitest';
import type { TestClient } from './client';
import { signedInUser } from './factories';
import { describeEachDb, useTestApp } from './harness';

const run = promisify(execFile);

const HOTEL: SolutionInputs = {
  scenario: { kind: 'system', key: 'hotel' },
  floorAreaM2: 1200,
  floors: 5,
  rooms: 150,
  users: 380,
  wall: 'brick',
  cameras: 24,
  bandwidthMbps: 1000,
  outdoorAreaM2: 0,
};

async function generate(c: TestClient, inputs: SolutionInputs = HOTEL): Promise<SolutionDraft> {
  const r = await c.post<SolutionDraft>('/api/solutions/generate', inputs);
  expect(r.body.code, JSON.stringify(r.body)).toBe(0);
  return r.body.data as SolutionDraft;
}

async function save(c: TestClient, name = 'Harbour Hotel'): Promise<Solution> {
  const d = await generate(c);
  const body: SolutionInput = {
    name,
    inputs: HOTEL,
    devices: d.devices,
    advice: d.advice,
    advantages: d.advantages,
  };
  const r = await c.post<Solution>('/api/solutions', body);
  expect(r.body.code, JSON.stringify(r.body)).toBe(0);
  return r.body.data as Solution;
}

function edit(s: Solution, changes: Partial<Solution>) {
  const v = { ...s, ...changes };
  return {
    name: v.name,
    inputs: v.inputs,
    devices: v.devices,
    advice: v.advice,
    advantages: v.advantages,
    version: v.version,
  };
}

describeEachDb('solutions', (kind) => {
  const t = useTestApp(kind);

  it('generates a hotel solution whose every number says why', async () => {
    const { client } = await signedInUser(t());
    const d = await generate(client);
    expect(d.scenarioName).toBe('Hotel');
    expect(d.lines.map((l) => l.role)).toEqual([
      'gateway',
      'core_switch',
      'access_switch',
      'ap',
      'camera',
      'nvr',
    ]);
    expect(d.lines.find((l) => l.role === 'ap')?.reason).toMatch(/^coverage: 5 × 1,200 m²/);
    expect(d.lines.find((l) => l.role === 'access_switch')?.reason).toMatch(/^PoE: \d+ ports, \d+ W/);
    expect(d.advice).toContain('brick walls (20 dB each)');
    const big = await client.post('/api/solutions/generate', { ...HOTEL, users: 70_000 });
    expect(big.body.code).toBe(ERR.SOLUTION_TOO_LARGE);
    expect(big.body.issues?.[0]?.message).toMatch(/a solution holds at most 999/);
  });

  it('sizes the rest of the network for a floor plan’s APs, and refuses a plan of no catalogue AP', async () => {
    const { client } = await signedInUser(t());
    const office = { ...HOTEL, floors: 1, floorAreaM2: 1500, rooms: 0, users: 60, cameras: 0 };
    const floorPlan = { apModel: 'NL-A3000C', aps: 7, plan: 'Office: 7 APs: 96 % of 1,500 m² at ≥ -67 dBm.' };
    const d = await generate(client, { ...office, floorPlan });
    expect(d.lines.find((l) => l.role === 'ap')).toMatchObject({ model: 'NL-A3000C', quantity: 7 });
    expect(d.lines.find((l) => l.role === 'gateway')?.reason).toMatch(/manages 7 of up to/);
    expect(d.poe.ports).toBe(7);
    // Saved with the solution, and named in its PDF's inputs.
    const saved = await client.post<Solution>('/api/solutions', {
      name: 'Planned office',
      inputs: { ...office, floorPlan },
      devices: d.devices,
      advice: d.advice,
      advantages: d.advantages,
    } satisfies SolutionInput);
    const id = saved.body.data?.id as number;
    expect((await client.get<Solution>(`/api/solutions/${id}`)).body.data?.inputs.floorPlan).toEqual(
      floorPlan,
    );
    const dir = mkdtempSync(path.join(os.tmpdir(), 'solution-pdf-'));
    const file = path.join(dir, 'plan.pdf');
    writeFileSync(file, (await client.request('GET', `/api/solutions/${id}/pdf`)).rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    expect(stdout).toMatch(/AP plan on the floor plan\s+Office: 7 APs/);
    const wrong = await client.post('/api/solutions/generate', {
      ...office,
      floorPlan: { ...floorPlan, apModel: 'NL-S108P' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues?.[0]).toMatchObject({
      path: 'floorPlan.apModel',
      message: 'Choose an AP model of the catalogue.',
    });
  });

  it('saves, lists, opens, edits with the version (54), copies and deletes', async () => {
    const { client } = await signedInUser(t());
    const s = await save(client);
    expect(s.version).toBe(1);
    const list = await client.get<{ items: SolutionSummary[] }>('/api/solutions');
    expect(list.body.data?.items.map((i) => i.name)).toEqual(['Harbour Hotel']);
    expect(list.body.data?.items[0]?.apCount).toBe(s.devices.find((d) => d.role === 'ap')?.quantity);

    const devices = s.devices.map((d) =>
      d.role === 'ap' ? { ...d, quantity: 45, remarks: 'Extra APs for the lobby' } : d,
    );
    const put = await client.call<Solution>(
      'PUT',
      `/api/solutions/${s.id}`,
      edit(s, { name: 'Harbour Hotel v2', devices }),
    );
    expect(put.body.code, JSON.stringify(put.body)).toBe(0);
    expect(put.body.data?.version).toBe(2);
    expect(put.body.data?.devices.find((d) => d.role === 'ap')).toMatchObject({
      quantity: 45,
      remarks: 'Extra APs for the lobby',
    });
    const stale = await client.call('PUT', `/api/solutions/${s.id}`, edit(s, { name: 'Lost edit' }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(ERR.SOLUTION_CHANGED_ELSEWHERE);
    expect((await client.get<Solution>(`/api/solutions/${s.id}`)).body.data?.name).toBe('Harbour Hotel v2');

    const copy = await client.post<Solution>(`/api/solutions/${s.id}/copy`);
    expect(copy.body.data?.name).toBe('Harbour Hotel v2 copy');
    expect(copy.body.data?.id).not.toBe(s.id);
    expect((await client.del(`/api/solutions/${s.id}`)).body.code).toBe(0);
    expect((await client.get(`/api/solutions/${s.id}`)).body.code).toBe(ERR.SOLUTION_NOT_FOUND);
    expect((await client.del(`/api/solutions/${s.id}`)).body.code).toBe(ERR.SOLUTION_NOT_FOUND);
    const other = await signedInUser(t());
    expect((await other.client.get(`/api/solutions/${copy.body.data?.id}`)).body.code).toBe(
      ERR.SOLUTION_NOT_FOUND,
    );
  });

  it('refuses device lists against §5: 57, 56, 524, 55, 523, and a name over 30 characters', async () => {
    const { client } = await signedInUser(t());
    const s = await save(client);
    const put = (changes: Partial<Solution>) =>
      client.call('PUT', `/api/solutions/${s.id}`, edit(s, changes));
    const row = (role: string, model: string, quantity = 1) => ({ role, model, quantity, remarks: '' });
    const cases: [unknown[], number, string][] = [
      [[], ERR.SOLUTION_NO_DEVICES, 'devices'],
      [[row('ap', 'NL-X999')], ERR.SOLUTION_DEVICE_MISSING, 'devices.0.model'],
      [[row('ap', 'NL-S108P')], ERR.SOLUTION_MODEL_ROLE, 'devices.0.model'],
      [[row('ap', 'NL-A3000C'), row('gateway', 'NL-G300')], ERR.SOLUTION_ORDER_INVALID, 'devices.1.role'],
      [[row('gateway', 'NL-G300', 2)], ERR.SOLUTION_DEVICE_LIMIT, 'devices'],
      [[row('ac', 'NL-G300', 2)], ERR.SOLUTION_DEVICE_LIMIT, 'devices'],
      [[row('access_switch', 'NL-S108P', 100)], ERR.SOLUTION_DEVICE_LIMIT, 'devices'],
      [[row('core_switch', 'NL-S124', 100)], ERR.SOLUTION_DEVICE_LIMIT, 'devices'],
      [[row('ap', 'NL-A3000C', 999), row('ap', 'NL-A1800O', 1)], ERR.SOLUTION_DEVICE_LIMIT, 'devices'],
    ];
    for (const [devices, code, path] of cases) {
      const r = await put({ devices: devices as Solution['devices'] });
      expect(r.body.code, JSON.stringify(devices)).toBe(code);
      expect(r.body.issues?.[0]?.path).toBe(path);
    }
    const ok = await put({
      devices: [row('gateway', 'NL-G300'), row('ap', 'NL-A3000C', 999)] as Solution['devices'],
    });
    expect(ok.body.code).toBe(0);
    const long = await client.post('/api/solutions', {
      ...edit(s, { name: 'x'.repeat(31) }),
      version: undefined,
    });
    expect(long.body.code).toBe(ERR.INVALID_PARAMETERS);
    expect(long.body.issues?.[0]).toMatchObject({
      path: 'name',
      message: 'Solution name must be 1–30 characters.',
    });
  });

  it('keeps at most 20 custom scenarios with names of their own (186, 525, 526, 527)', async () => {
    const { client } = await signedInUser(t());
    expect((await client.post('/api/solution-scenarios', { name: 'Hotel', base: 'hotel' })).body.code).toBe(
      ERR.SCENARIO_NAME_SYSTEM,
    );
    expect(
      (await client.post('/api/solution-scenarios', { name: 'shopping MALL', base: 'mall' })).body.code,
    ).toBe(ERR.SCENARIO_NAME_SYSTEM);
    const first = await client.post<{ id: number }>('/api/solution-scenarios', {
      name: 'Cruise ship',
      base: 'hotel',
    });
    expect(first.body.code).toBe(0);
    expect(
      (await client.post('/api/solution-scenarios', { name: 'cruise ship', base: 'mall' })).body.code,
    ).toBe(ERR.SCENARIO_NAME_EXISTS);
    for (let i = 2; i <= MAX_CUSTOM_SCENARIOS; i++)
      expect(
        (await client.post('/api/solution-scenarios', { name: `Site ${i}`, base: 'factory' })).body.code,
      ).toBe(0);
    const over = await client.post('/api/solution-scenarios', { name: 'One more', base: 'factory' });
    expect(over.body.code).toBe(ERR.SCENARIO_LIMIT);
    expect(over.body.message).toBe('At most 20 custom scenarios can be created.');

    const id = first.body.data?.id as number;
    const d = await generate(client, { ...HOTEL, scenario: { kind: 'custom', id } });
    expect(d.scenarioName).toBe('Cruise ship');
    expect((await client.del(`/api/solution-scenarios/${id}`)).body.code).toBe(0);
    expect((await client.del(`/api/solution-scenarios/${id}`)).body.code).toBe(ERR.SCENARIO_NOT_FOUND);
    const gone = await client.post('/api/solutions/generate', { ...HOTEL, scenario: { kind: 'custom', id } });
    expect(gone.body.code).toBe(ERR.SCENARIO_NOT_FOUND);
    expect(
      (await client.post('/api/solution-scenarios', { name: 'One more', base: 'factory' })).body.code,
    ).toBe(0);
  });

  it('exports a multi-page PDF with the bill of materials, topology, advice and page numbers', async () => {
    const { client } = await signedInUser(t());
    const s = await save(client, 'Harbour Hotel');
    const res = await client.request('GET', `/api/solutions/${s.id}/pdf?download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Harbour-Hotel.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(res.rawPayload);
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThanOrEqual(3);
    const inline = await client.request('GET', `/api/solutions/${s.id}/pdf`);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'solution-pdf-'));
    const file = path.join(dir, 's.pdf');
    writeFileSync(file, res.rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    expect(stdout).toContain('Network solution');
    expect(stdout).toContain('Harbour Hotel');
    expect(stdout).toContain('Bill of materials');
    for (const d of s.devices) expect(stdout).toMatch(new RegExp(`${d.model}\\s+.*\\s${d.quantity}\\s`));
    expect(stdout).toContain('Topology');
    expect(stdout).toContain('Deployment advice');
    expect(stdout).toContain('Advantages');
    expect(stdout).toContain(`Page 2 of ${pages}`);
    expect(stdout).toContain(`Page ${pages} of ${pages}`);
    expect((await client.request('GET', '/api/solutions/999999/pdf')).statusCode).toBe(404);
  });

  it('shares a copy with another account by mobile or e-mail (21, 22, 28)', async () => {
    const owner = await signedInUser(t());
    const friend = await signedInUser(t());
    const s = await save(owner.client);
    const share = (account: string) => owner.client.post(`/api/solutions/${s.id}/share`, { account });
    const self = await share(`+86 ${owner.mobile}`);
    expect(self.body.code).toBe(ERR.SHARE_TO_SELF);
    const nobody = await share('nobody@example.com');
    expect(nobody.body.code).toBe(ERR.ACCOUNT_NOT_EXIST);
    expect(nobody.body.issues?.[0]?.path).toBe('account');
    const ok = await share(friend.mobile);
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(0);
    expect((await share(friend.mobile)).body.code).toBe(ERR.SOLUTION_ALREADY_SHARED);
    const theirs = await friend.client.get<{ items: SolutionSummary[] }>('/api/solutions');
    expect(theirs.body.data?.items).toHaveLength(1);
    expect(theirs.body.data?.items[0]).toMatchObject({
      name: 'Harbour Hotel',
      sharedBy: `+86 ${owner.mobile}`,
    });
    // The copy is the friend's own: editing it leaves the owner's as it was.
    const copyId = theirs.body.data?.items[0]?.id as number;
    const copy = (await friend.client.get<Solution>(`/api/solutions/${copyId}`)).body.data as Solution;
    expect(
      (await friend.client.call('PUT', `/api/solutions/${copyId}`, edit(copy, { name: 'Mine now' }))).body
        .code,
    ).toBe(0);
    expect((await owner.client.get<Solution>(`/api/solutions/${s.id}`)).body.data?.name).toBe(
      'Harbour Hotel',
    );
  });
});
