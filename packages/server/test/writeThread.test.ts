import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DbHandle, openDatabase, WriteThread } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import { asyncLock } from '../src/db/sqliteDialect';
import { WriteLock } from '../src/db/writeLock';
import { SNAPSHOT_BATCH } from '../src/features/clients/batchWrite';
import { TELEMETRY_BATCH } from '../src/features/telemetry/batchWrite';
import type { Sample } from '../src/features/telemetry/rollup';
import { seedDevice, seedProject } from './telemetry-fixtures';

// The SQLite write thread (db/writeThread.ts): the ingest path's batch transactions on a connection of
// their own, taking turns with the server's connection at the file's write lock (db/writeLock.ts).

const WORKER = new URL('../src/writeWorker.ts', import.meta.url);
const logger = pino({ level: 'silent' });

describe('the SQLite write lock', () => {
  it('serves waiters first come, first served, and a waiter does not block the event loop', async () => {
    const lock = new WriteLock();
    const order: string[] = [];
    await lock.acquire();
    const b = lock.acquire().then(() => order.push('b'));
    const c = lock.acquire().then(() => order.push('c'));
    // While b and c wait, timers still run.
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    lock.release();
    await b;
    expect(order).toEqual(['b']);
    lock.release();
    await c;
    expect(order).toEqual(['b', 'c']);
    lock.release();
  });
});

describe("the event loop's side of the write lock", () => {
  it('queues its writers itself: a thousand of them behind the write thread wait on the shared lock one at a time', async () => {
    const buffer = new SharedArrayBuffer(12);
    const thread = new WriteLock(buffer);
    const loop = asyncLock(new WriteLock(buffer));
    // The write thread holds the lock (one of its batches) while the writes queue up.
    expect(thread.tryAcquire()).toBe(true);
    const waits = vi.spyOn(Atomics, 'waitAsync');
    try {
      const order: number[] = [];
      const n = 1000;
      const writes = Array.from({ length: n }, (_, i) =>
        Promise.resolve(loop.acquire()).then(() => {
          order.push(i);
          loop.release();
        }),
      );
      expect(loop.tryAcquire()).toBe(false);
      thread.release();
      await Promise.all(writes);
      expect(order).toEqual(Array.from({ length: n }, (_, i) => i));
      // One ticket at a time: each write waits on the shared cell about once. With a ticket per
      // write, each release woke every waiter: about n²/2 waits.
      expect(waits.mock.calls.length).toBeLessThan(3 * n);
      // Free again for whoever comes next, the write thread included.
      expect(thread.tryAcquire()).toBe(true);
      thread.release();
    } finally {
      waits.mockRestore();
    }
  });
});

describe('the server connection and the write lock', () => {
  it('a read runs while a write waits for the lock, and the write runs once the lock is free', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-write-lock-'));
    const handle = openDatabase(`sqlite:${path.join(dir, 'netloom.db')}`);
    try {
      const lock = handle.sqliteFile?.lock;
      if (!lock) throw new Error('a file database has a write lock');
      await sql`create table t (x integer)`.execute(handle.db);
      // The write thread holds the lock (as during one of its batches).
      expect(lock.tryAcquire()).toBe(true);
      let written = false;
      const write = handle.db
        .transaction()
        .execute((trx) =>
          trx
            .insertInto('t' as never)
            .values({ x: 1 } as never)
            .execute(),
        )
        .then(() => {
          written = true;
        });
      const lone = handle.db
        .insertInto('t' as never)
        .values({ x: 2 } as never)
        .execute();
      // The reads are not queued behind the writes waiting for the lock.
      const read = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
      expect(read.rows[0]?.n).toBe(0);
      expect(written).toBe(false);
      lock.release();
      await Promise.all([write, lone]);
      const after = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
      expect(after.rows[0]?.n).toBe(2);
    } finally {
      await handle.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the SQLite write thread', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function fileDatabase(): Promise<{
    handle: DbHandle;
    thread: WriteThread;
    deviceId: number;
    projectId: number;
  }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-write-thread-'));
    const handle = openDatabase(`sqlite:${path.join(dir, 'netloom.db')}`);
    await migrateToLatest(handle.db);
    const file = handle.sqliteFile;
    if (!file) throw new Error('a file database has a write lock');
    const thread = new WriteThread(WORKER, file.path, file.lock, logger);
    cleanups.push(async () => {
      await thread.close();
      await handle.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const projectId = await seedProject(handle);
    const deviceId = await seedDevice(handle, projectId);
    return { handle, thread, deviceId, projectId };
  }

  function samples(deviceId: number, projectId: number, n: number, t0: number): Sample[] {
    return Array.from({ length: n }, (_, i) => ({
      device_id: deviceId,
      projectId,
      kind: 'ap' as const,
      ts: t0 + i * 1000,
      tx_bytes: 1000,
      rx_bytes: 2000,
      tx_rate: 10,
      rx_rate: 20,
      clients: 3,
      cpu: 5,
      memory: 40,
    }));
  }

  it('commits a telemetry batch on its own connection, while the server writes and its event loop turns', async () => {
    const { handle, thread, deviceId, projectId } = await fileDatabase();
    const { db } = handle;
    const t0 = Date.UTC(2026, 10, 28, 12);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    try {
      // Batches on the thread and writes on the server's connection, interleaved: neither fails busy.
      const writes = [];
      for (let i = 0; i < 20; i++) {
        writes.push(thread.run(TELEMETRY_BATCH, samples(deviceId, projectId, 50, t0 + i * 50_000)));
        writes.push(
          db
            .updateTable('devices')
            .set({ name: `AP ${i}` })
            .where('id', '=', deviceId)
            .execute(),
        );
        writes.push(
          db.transaction().execute((trx) =>
            trx
              .updateTable('devices')
              .set({ model: `M${i}` })
              .execute(),
          ),
        );
      }
      await Promise.all(writes);
    } finally {
      clearInterval(ticker);
    }
    const raw = await db
      .selectFrom('telemetry_raw')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(raw.n)).toBe(1000);
    const rollup = await db
      .selectFrom('telemetry_1h')
      .select(sql<number>`sum(samples)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rollup.n)).toBe(1000);
    const row = await db.selectFrom('devices').select(['name', 'model']).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'AP 19', model: 'M19' });
    expect(ticks).toBeGreaterThan(0);
  });

  it('runs a background job (client snapshots) after the other jobs queued meanwhile', async () => {
    const { handle, thread, deviceId, projectId } = await fileDatabase();
    const lock = handle.sqliteFile?.lock;
    if (!lock) throw new Error('a file database has a write lock');
    const t0 = Date.UTC(2026, 10, 28, 12);
    const done: string[] = [];
    // The server holds the lock: the first job waits for it on the thread, the two others queue behind it.
    await lock.acquire();
    const first = thread
      .run(TELEMETRY_BATCH, samples(deviceId, projectId, 5, t0))
      .then(() => done.push('telemetry 1'));
    const background = thread
      .run(SNAPSHOT_BATCH, {
        snapshots: [{ deviceId, projectId, at: t0, clients: [] }],
        zones: [[projectId, 'UTC']],
      })
      .then(() => done.push('clients'));
    const second = thread
      .run(TELEMETRY_BATCH, samples(deviceId, projectId, 5, t0 + 60_000))
      .then(() => done.push('telemetry 2'));
    lock.release();
    await Promise.all([first, background, second]);
    expect(done).toEqual(['telemetry 1', 'telemetry 2', 'clients']);
  });

  it('answers a failed job with the database error, and the next job still runs', async () => {
    const { handle, thread, deviceId, projectId } = await fileDatabase();
    const t0 = Date.UTC(2026, 10, 28, 12);
    // A device that does not exist: the foreign key fails the batch (the writer then retries without it).
    await expect(thread.run(TELEMETRY_BATCH, samples(deviceId + 99, projectId, 3, t0))).rejects.toMatchObject(
      {
        code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
      },
    );
    const changed = await thread.run(SNAPSHOT_BATCH, {
      snapshots: [
        {
          deviceId,
          projectId,
          at: t0,
          clients: [
            {
              mac: 'AA:BB:CC:00:00:01',
              ip: '192.168.1.10',
              name: 'Laptop',
              connection: 'wireless',
              type: 'laptop',
              ssid: 'Office',
              band: '5G',
              rssi: -50,
              auth: 'WPA2-PSK',
              port: null,
              vlan: null,
              tx_bytes: 100,
              rx_bytes: 200,
              tx_rate: 1,
              rx_rate: 2,
              uptime: 60,
            },
          ],
        },
      ],
      zones: [[projectId, 'UTC']],
    });
    expect(changed).toEqual([deviceId]);
    const clients = await handle.db.selectFrom('clients').select(['mac', 'tx_bytes']).execute();
    expect(clients).toEqual([{ mac: 'AA:BB:CC:00:00:01', tx_bytes: 100 }]);
  });
});
