/**
 * The client-data charts over a range of local days, from per-day summaries (issue 11 §4: a 30-day
 * chart of a 5,000-device project reads about 30 summary rows, not 2.5 million history rows).
 *
 * - A finished day (its local date is over, with FINISHED_SLACK_MS for late snapshots) is summarised
 *   once and stored: by the day-end job (`summarizeRecent`, once per slot across nodes) or, for a day
 *   the job never saw (history restored, an upgrade), by the first read that needs it.
 * - The days not finished yet (today) are summarised from the history on read, at most once per
 *   LIVE_TTL_MS per project-day and node: the charts lag the history by that much at most.
 *
 * What a range means (docs/api.md, "Client data"): passenger flow is distinct clients per day; an
 * authentication type counts each wireless client once per day it connected (client-days) — a
 * distinct count over 30 days cannot be added up from days; the top 10 are ranked from each day's
 * 50 heaviest clients (TOP_PER_DAY) and then given their exact traffic over the whole range.
 */
import { addDays, dateIn } from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import type { ClientDayStore, DaySummary } from './clientDayStore';

/** A day counts as finished this long after its local midnight (snapshots of its last seconds). */
export const FINISHED_SLACK_MS = 10 * 60_000;
/** How long a summary of an unfinished day (today) is reused on this node. */
export const LIVE_TTL_MS = 30_000;
/** Finished days the day-end job looks back over (a node down over a midnight is caught up). */
const JOB_LOOKBACK_DAYS = 3;
/** Candidates given their exact range traffic before the top 10 are taken. */
const CANDIDATES = 20;
const TOP = 10;
/** Unfinished-day summaries kept in memory at most (oldest dropped first). */
const LIVE_MAX = 512;

export interface RangeClients {
  passengerFlow: { day: string; clients: number }[];
  trafficTop: { mac: string; name: string; tx: number; rx: number }[];
  authTypes: { auth: string; n: number }[];
}

export class ClientDays {
  private readonly live = new Map<string, { at: number; summary: DaySummary }>();

  constructor(
    private readonly store: ClientDayStore,
    private readonly clock: Clock,
    private readonly liveTtlMs = LIVE_TTL_MS,
  ) {}

  /** Days before this one are finished in the zone. */
  finishedBefore(zone: string, now = this.clock.now()): string {
    return dateIn(now - FINISHED_SLACK_MS, zone);
  }

  /** The charts of `fromDay`…`today` (local dates of the project's zone). */
  async range(projectId: number, zone: string, fromDay: string, today: string): Promise<RangeClients> {
    const days = await this.summaries(projectId, zone, fromDay, today);
    const auth = new Map<string, number>();
    for (const d of days) for (const [k, n] of Object.entries(d.auth)) auth.set(k, (auth.get(k) ?? 0) + n);
    return {
      passengerFlow: days.map((d) => ({ day: d.day, clients: d.clients })),
      trafficTop: await this.top(
        projectId,
        days.filter((d) => d.clients > 0),
      ),
      authTypes: [...auth]
        .map(([k, n]) => ({ auth: k, n }))
        .sort((a, b) => b.n - a.n || a.auth.localeCompare(b.auth)),
    };
  }

  /** One summary per day of the range, in day order. */
  private async summaries(projectId: number, zone: string, fromDay: string, today: string) {
    const now = this.clock.now();
    const stored = await this.store.stored(projectId, fromDay, today);
    const finishedBefore = this.finishedBefore(zone, now);
    const out: DaySummary[] = [];
    for (let day = fromDay; day <= today; day = addDays(day, 1)) {
      const have = stored.get(day);
      if (have) out.push(have);
      else if (day < finishedBefore) out.push(await this.summarizeFinished(projectId, day, now));
      else out.push(await this.liveSummary(projectId, day, now));
    }
    return out;
  }

  /** A finished day without a stored summary: summarised now and stored (an empty day is not). */
  private async summarizeFinished(projectId: number, day: string, now: number): Promise<DaySummary> {
    const s = await this.store.summarize(projectId, day);
    if (s.clients > 0) await this.store.put(projectId, s, now);
    return s;
  }

  private async liveSummary(projectId: number, day: string, now: number): Promise<DaySummary> {
    const key = `${projectId}:${day}`;
    const cached = this.live.get(key);
    if (cached && now - cached.at < this.liveTtlMs) return cached.summary;
    const summary = await this.store.summarize(projectId, day);
    this.live.delete(key);
    this.live.set(key, { at: now, summary });
    if (this.live.size > LIVE_MAX) {
      const oldest = this.live.keys().next().value;
      if (oldest !== undefined) this.live.delete(oldest);
    }
    return summary;
  }

  /**
   * The range's ten heaviest clients: candidates ranked by what the days' top lists say of them,
   * then the leading ones given their exact traffic over every day of the range.
   */
  private async top(projectId: number, days: readonly DaySummary[]): Promise<RangeClients['trafficTop']> {
    const listed = new Map<string, number>();
    for (const d of days)
      for (const [mac, , tx, rx] of d.top) listed.set(mac, (listed.get(mac) ?? 0) + tx + rx);
    const candidates = [...listed]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, Math.max(CANDIDATES, TOP))
      .map(([mac]) => mac);
    const exact = await this.store.trafficOf(
      projectId,
      days.map((d) => d.day),
      candidates,
    );
    const ranked = [...exact]
      .map(([mac, e]) => ({ mac, name: e.name, tx: e.tx, rx: e.rx }))
      .sort((a, b) => b.tx + b.rx - (a.tx + a.rx) || a.mac.localeCompare(b.mac))
      .slice(0, TOP);
    const aliases = await this.store.aliasesOf(
      projectId,
      ranked.map((r) => r.mac),
    );
    return ranked.map((r) => ({ ...r, name: aliases.get(r.mac) ?? r.name }));
  }

  /**
   * The day-end job: every project's finished days of the last JOB_LOOKBACK_DAYS that have history
   * and no summary yet are summarised and stored. Returns the days summarised.
   */
  async summarizeRecent(zones: ReadonlyMap<number, string>): Promise<number> {
    const now = this.clock.now();
    let done = 0;
    for (const [projectId, zone] of zones) {
      const finishedBefore = this.finishedBefore(zone, now);
      for (let back = JOB_LOOKBACK_DAYS; back >= 1; back--) {
        const day = addDays(finishedBefore, -back);
        if (await this.store.hasSummary(projectId, day)) continue;
        if (!(await this.store.hasDay(projectId, day))) continue;
        await this.summarizeFinished(projectId, day, now);
        done++;
      }
    }
    return done;
  }
}
