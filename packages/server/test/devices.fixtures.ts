import {
  DEVICE_IMPORT_COLUMNS,
  type DeviceAddRequest,
  deviceAddRequestSchema,
  type ProjectInput,
} from '@netloom/domain';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Db } from '../src/db';
import type { TestClient } from './client';
import { buildProject } from './factories';
import { TEST_KEY } from './gatewayKit';

/** Env of device suites: the embedded broker on a free port, the device-plane test key. */
export const DEVICE_ENV = { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY };

let seq = 0;
/** A fresh, valid 18-character serial number (upper case, as devices spell it). */
export function nextSn(prefix = 'NLD'): string {
  seq += 1;
  return `${prefix}${process.pid.toString(36).toUpperCase()}${Date.now().toString(36).toUpperCase()}${String(seq).padStart(5, '0')}`
    .slice(0, 24)
    .padEnd(18, '0');
}

export async function createProject(
  client: TestClient,
  overrides: Partial<ProjectInput> = {},
): Promise<number> {
  const r = await client.post<{ id: number }>('/api/projects', buildProject(overrides));
  expect(r.body.code).toBe(0);
  return r.body.data?.id ?? 0;
}

/** An add-by-SN body that passes the domain schema. */
export function buildAdd(overrides: Partial<DeviceAddRequest> = {}): DeviceAddRequest {
  seq += 1;
  const body = { sn: nextSn(), name: `Dev${seq}`, ...overrides };
  deviceAddRequestSchema.parse(body);
  return body;
}

/** A device seen on the broker but not claimed (what the ingest path records). */
export async function seedPending(
  db: Db,
  p: { sn: string; type: string; model: string; projectId?: number | null; online?: boolean; at?: number },
): Promise<void> {
  const at = p.at ?? Date.now();
  await db
    .insertInto('pending_devices')
    .values({
      sn: p.sn,
      project_id: p.projectId ?? null,
      model: p.model,
      type: p.type,
      mac: '3C:52:A1:00:00:01',
      firmware_version: 'V1.0.0',
      ip: '192.168.1.50',
      uplink_sn: null,
      online: p.online ? 1 : 0,
      first_seen_at: at,
      last_seen_at: at,
      dismissed_at: null,
    })
    .execute();
}

/** Inserts `n` claimed devices of a type straight into the table (limits and performance fixtures). */
export async function seedDevices(
  db: Db,
  projectId: number,
  n: number,
  type: string,
  extra: (i: number) => Record<string, unknown> = () => ({}),
): Promise<void> {
  seq += 1;
  const prefix = `SD${String(seq).padStart(6, '0')}`;
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      rows.push({
        project_id: projectId,
        sn: `${prefix}${type.slice(0, 2).toUpperCase()}${String(i).padStart(6, '0')}`,
        type,
        name: `${type}-${i}`,
        status: 0,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)).toISOString(),
        ...extra(i),
      });
    }
    await db.insertInto('devices').values(rows).execute();
  }
}

/** A real .xlsx written with exceljs, as a user's spreadsheet program would. */
export async function workbook(
  rows: (string | number | null)[][],
  headers: readonly string[] = DEVICE_IMPORT_COLUMNS,
  sheetName = 'Devices',
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  sheet.addRow([...headers]);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function multipart(filename: string, bytes: Buffer) {
  const boundary = '----netloomimport';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function upload<T = unknown>(client: TestClient, url: string, filename: string, bytes: Buffer) {
  const { payload, contentType } = multipart(filename, bytes);
  return client.call<T>('POST', url, payload, { 'content-type': contentType });
}
