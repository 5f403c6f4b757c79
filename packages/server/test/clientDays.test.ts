/**
 * Client data from per-day summaries (features/monitoring/clientDays.ts): finished days are
 * summarised once and stored, today is summarised from the history at most once per TTL, the top 10
 * carry their exact traffic over the range, the day-end job catches up recent days once, and the
 * summaries go with the history they summarise.
 */
import { addDays, dateIn } from '@netloom/domain';
import { expect, it } from 'vitest';
import { PruneBatches } from '../src/db/prune';
import { ClientDayStore, TOP_PER_DAY } from '../src/features/monitoring/clientDayStore';
import { ClientDays, FINISHED_SLACK_MS, LIVE_TTL_MS } from '../src/features/monitoring/clientDays';
import { describeEachDb } from './harness';
import { clientDay, seedProject, TestClock, useSuiteDb } from './telemetry-fixtures';

const ZONE = 'Asia/Shanghai';
const mac = (n: number) =>
  `40:00:00:00:${String(Math.floor(n / 100)).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}`;

describeEachDb('client-day summaries', (kind) => {
  const db = useSuiteDb(kind);

  function setUp() {
    const h = db();
    const clock = new TestClock();
    // 10:00 UTC = 18:00 in Shanghai: "today" there is the UTC date.
    const store = new ClientDayStore(h.db);
    const days = new ClientDays(store, clock);
    const today = dateIn(clock.now(), ZONE);
    return { h, clock, store, days, today };
  }

  async function summaryDays(projectId: number): Promise<string[]> {
    const rows = await db()
      .db.selectFrom('client_day_summaries')
      .select('day')
      .where('project_id', '=', projectId)
      .orderBy('day')
      .execute();
    return rows.map((r) => r.day);
  }

  it('finished days are summarised once and stored; today is read from the history at most once per TTL', async () => {
    const { h, clock, days, today } = setUp();
    const projectId = await seedProject(h, { timeZone: ZONE });
    const d1 = addDays(today, -2);
    const d2 = addDays(today, -1);
    await h.db
      .insertInto('client_days')
      .values([
        clientDay(projectId, d1, mac(1), { auth: 'WPA2-PSK', tx_bytes: 100, rx_bytes: 200, name: 'phone' }),
        clientDay(projectId, d1, mac(2), { auth: 'WPA3-SAE', tx_bytes: 10, rx_bytes: 10 }),
        clientDay(projectId, d2, mac(1), { auth: 'WPA2-PSK', tx_bytes: 1000, rx_bytes: 0, name: 'phone 2' }),
        clientDay(projectId, today, mac(3), { auth: null, tx_bytes: 5, rx_bytes: 5 }),
      ])
      .execute();

    const first = await days.range(projectId, ZONE, addDays(today, -3), today);
    expect(first.passengerFlow).toEqual([
      { day: addDays(today, -3), clients: 0 },
      { day: d1, clients: 2 },
      { day: d2, clients: 1 },
      { day: today, clients: 1 },
    ]);
    // Client-days per authentication type: mac 1 on two days counts twice; wired (null) not at all.
    expect(first.authTypes).toEqual([
      { auth: 'WPA2-PSK', n: 2 },
      { auth: 'WPA3-SAE', n: 1 },
    ]);
    // Exact traffic over the range, the latest day's name.
    expect(first.trafficTop).toEqual([
      { mac: mac(1), name: 'phone 2', tx: 1100, rx: 200 },
      { mac: mac(2), name: '', tx: 10, rx: 10 },
      { mac: mac(3), name: '', tx: 5, rx: 5 },
    ]);
    // The finished days with clients are stored; the empty day and today are not.
    expect(await summaryDays(projectId)).toEqual([d1, d2]);

    // History written into a stored day afterwards is not read again (the summary answers) …
    await h.db
      .insertInto('client_days')
      .values([
        clientDay(projectId, d1, mac(9), { auth: 'WPA2-PSK' }),
        clientDay(projectId, today, mac(4), { auth: 'WPA2-PSK' }),
      ])
      .execute();
    const cached = await days.range(projectId, ZONE, d1, today);
    expect(cached.passengerFlow.map((p) => p.clients)).toEqual([2, 1, 1]);
    // … and today's new client shows once the live summary is older than the TTL.
    clock.t += LIVE_TTL_MS;
    const later = await days.range(projectId, ZONE, d1, today);
    expect(later.passengerFlow.map((p) => p.clients)).toEqual([2, 1, 2]);
    expect(later.authTypes).toEqual([
      { auth: 'WPA2-PSK', n: 3 },
      { auth: 'WPA3-SAE', n: 1 },
    ]);
  });

  it('the top 10 are ranked from the days’ top lists and carry their exact traffic over the range', async () => {
    const { h, days, today } = setUp();
    const projectId = await seedProject(h, { timeZone: ZONE });
    const d1 = addDays(today, -2);
    const d2 = addDays(today, -1);
    const rows = [
      // Day 1: the client 1 is the heaviest of the day.
      clientDay(projectId, d1, mac(1), { tx_bytes: 1_000_000 }),
      // Day 2: it is below TOP_PER_DAY heavier clients, so no day-2 list names it …
      clientDay(projectId, d2, mac(1), { tx_bytes: 50_000 }),
      ...Array.from({ length: TOP_PER_DAY + 5 }, (_, i) =>
        clientDay(projectId, d2, mac(100 + i), { tx_bytes: 100_000 + i }),
      ),
    ];
    await h.db.insertInto('client_days').values(rows).execute();
    const r = await days.range(projectId, ZONE, d1, today);
    // … yet its total is exact: both days.
    expect(r.trafficTop[0]).toEqual({ mac: mac(1), name: '', tx: 1_050_000, rx: 0 });
    expect(r.trafficTop).toHaveLength(10);
    expect(r.trafficTop[1]?.mac).toBe(mac(100 + TOP_PER_DAY + 4));
    // An alias names the client.
    await h.db
      .insertInto('client_aliases')
      .values({ project_id: projectId, mac: mac(1), alias: 'Front desk', updated_at: 1, updated_by: null })
      .execute();
    expect((await days.range(projectId, ZONE, d1, today)).trafficTop[0]?.name).toBe('Front desk');
  });

  it('the day-end job stores each recent finished day with history once, after the slack', async () => {
    const { h, clock, days, today } = setUp();
    const a = await seedProject(h, { timeZone: ZONE });
    const b = await seedProject(h, { timeZone: 'UTC' });
    const yesterday = addDays(today, -1);
    await h.db
      .insertInto('client_days')
      .values([
        clientDay(a, yesterday, mac(1)),
        clientDay(a, addDays(today, -3), mac(1)),
        clientDay(a, today, mac(1)),
        clientDay(b, yesterday, mac(2)),
      ])
      .execute();
    const zones = new Map([
      [a, ZONE],
      [b, 'UTC'],
    ]);
    expect(await days.summarizeRecent(zones)).toBe(3);
    expect(await summaryDays(a)).toEqual([addDays(today, -3), yesterday]);
    expect(await summaryDays(b)).toEqual([yesterday]);
    expect(await days.summarizeRecent(zones)).toBe(0);

    // Today ends (in Shanghai); it is summarised only once the slack after midnight has passed.
    const midnight = Date.parse(`${addDays(today, 1)}T00:00:00+08:00`);
    clock.t = midnight + FINISHED_SLACK_MS - 1000;
    expect(await days.summarizeRecent(new Map([[a, ZONE]]))).toBe(0);
    clock.t = midnight + FINISHED_SLACK_MS + 1000;
    expect(await days.summarizeRecent(new Map([[a, ZONE]]))).toBe(1);
    expect(await summaryDays(a)).toEqual([addDays(today, -3), yesterday, today]);
  });

  it('retention deletes the summaries of the days it deletes', async () => {
    const { h, store, today } = setUp();
    const projectId = await seedProject(h, { timeZone: ZONE });
    for (const back of [40, 31, 2]) {
      const day = addDays(today, -back);
      await store.put(projectId, { day, clients: 1, auth: {}, top: [] }, 1);
    }
    const deleted = await store.prune(addDays(today, -31), new PruneBatches(h.db));
    expect(deleted).toBe(1);
    expect(await summaryDays(projectId)).toEqual([addDays(today, -31), addDays(today, -2)]);
  });
});
