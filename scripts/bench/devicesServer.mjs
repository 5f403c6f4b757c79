// Phases 2 and 3 of the devices bench (see devices.mjs): the server under the simulators' load (its
// own window: latency and loop delay reset at its start, counters as differences), an exact account
// of every message after a clean stop, the reconnect storm of the whole fleet, and the server at the
// nominal 30 s interval. Returns raw figures; devices.mjs turns them into rows.

import { account, addCounts } from './accounting.mjs';
import { api, cpuSeconds, percentile, rssBytes, sleep, spawnTs, stop } from './devicesLib.mjs';
import { startSims } from './simGroup.mjs';

export const ONLINE = [1, 2, 7];
const OFFLINE = [0, 9];
// Device-list requests a console user makes: first page, a deep page, a status filter, a search.
const LIST_QUERIES = ['', '?page=200&pageSize=20', '?status=online', '?q=NLS'];

const sum = (o) => Object.values(o ?? {}).reduce((n, v) => n + v, 0);

export async function measureServer(o) {
  const { server, token, projectId, n } = o;
  const pid = server.child.pid;
  // Devices online in the database (async: SQLite read-only here, PostgreSQL in external mode).
  const onlineCount = () => o.onlineCount();

  // Samplers: the server's metrics and /proc every 500 ms.
  const metrics = [];
  const procs = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        metrics.push(await api(server.url, '/api/internal/metrics'));
        procs.push({ at: Date.now(), cpu: cpuSeconds(pid), rss: rssBytes(pid) });
      } catch {
        // the server is busy or gone; the next sample will tell
      }
      await sleep(500);
    }
  })();
  const received = (m) => sum(m.gateway.received);
  const window = async (ms) => {
    const t0 = Date.now();
    const c0 = cpuSeconds(pid);
    await sleep(ms);
    const t1 = Date.now();
    const c1 = cpuSeconds(pid);
    const rssMax = Math.max(...procs.filter((p) => p.at >= t0 && p.at <= t1 + 500).map((p) => p.rss));
    return { t0, t1, cpuPct: ((c1 - c0) * 100_000) / (t1 - t0), rssMax };
  };

  // ── Phase 2: the raised load ───────────────────────────────────────────────────────────────────
  // The server with no device connected yet: what N devices add is measured against it.
  const base = {
    rss: rssBytes(pid),
    heapUsed: (await api(server.url, '/api/internal/metrics')).process.heapUsed,
  };
  let sims = startSims(o.mqttPort, o.timeFactor, n);
  const probeLines = [];
  let probe;
  const ws = new o.WebSocket(`${server.url.replace(/^http/, 'ws')}/api/live`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const events = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (m.op === 'event' && m.event.type === 'device.status') events.push({ ...m.event, recvAt: Date.now() });
  });
  try {
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ op: 'subscribe', projectId }));
    const connectMs = await o.until(
      'all devices online in the database',
      async () => (await onlineCount()) >= n,
      150_000,
    );
    const connected = await onlineCount();
    // `until` answers Infinity when it gave up: the wait's limit is what passed then.
    const waited = Number.isFinite(connectMs) ? `${(connectMs / 1000).toFixed(1)} s` : 'the 150 s limit';
    console.log(`  server: ${connected}/${n} devices online in the database after ${waited}`);
    probe = spawnTs(
      'scripts/bench/devicesProbe.ts',
      [`mqtt://127.0.0.1:${o.mqttPort}`, String(o.probeSeed), String(o.probes), '700'],
      {
        onJson: (x) => probeLines.push(x),
      },
    );
    await o.until('the probe devices', () => probeLines.some((x) => x.ready), 60_000, 100);
    await sleep(3000);
    // The window's own figures: latency and loop delay start over, counters are taken as differences.
    const mStart = await api(server.url, '/api/internal/metrics?reset=1');

    const list = [];
    // Per query of LIST_QUERIES: which one makes the tail.
    const listBy = LIST_QUERIES.map(() => []);
    let listing = true;
    const lister = (async () => {
      for (let i = 0; listing; i++) {
        const started = performance.now();
        const r = await api(
          server.url,
          `/api/projects/${projectId}/devices${LIST_QUERIES[i % LIST_QUERIES.length]}`,
          { token },
        );
        if (r.code !== 0) throw new Error(`device list: ${JSON.stringify(r).slice(0, 300)}`);
        list.push(performance.now() - started);
        listBy[i % LIST_QUERIES.length].push(performance.now() - started);
        await sleep(100);
      }
    })();
    const w = await window(o.windowMs);
    listing = false;
    await lister;
    console.log(
      `  device list p95 by query: ${LIST_QUERIES.map((q, i) => `${q || '(first page)'} ${percentile(listBy[i], 0.95).toFixed(1)} ms`).join(', ')}`,
    );
    const rate = o.rateOver(metrics, received, w.t0, w.t1);
    const offered = o.rateOver(sims.samples, (x) => x.published, w.t0, w.t1);
    // The probe stops toggling and publishing; toggles still in flight get 3 s (3× the budget) before
    // an unmatched one counts as missed — every toggle of the window is judged.
    const probeFinal = await stopProbe(probe, probeLines);
    await sleep(3000);
    const status = statusLatencies(probeLines, events);
    const mEnd = await api(server.url, '/api/internal/metrics');
    const latency = mEnd.publishToCommittedMs;
    const dropped = droppedOf(mEnd) - droppedOf(mStart);
    console.log(
      `  server: ${rate.toFixed(0)} msg/s ingested (offered ${offered.toFixed(0)}), CPU ${w.cpuPct.toFixed(1)}%, RSS max ${(w.rssMax / 1048576).toFixed(0)} MB, event-loop p99 ${mEnd.process.eventLoopDelayMs.p99.toFixed(1)} ms, broker backlog high ${mEnd.gateway.queueHigh}`,
    );

    // Every message accounted for: the simulators pause (connections open, nothing more published)
    // and report their totals; with the probe's messages and its wills, that is everything the
    // server can have received since it started. Nothing publishes now: every telemetry sample
    // received must be committed.
    const paused = await sims.pause();
    await o.settled(async () => received(await api(server.url, '/api/internal/metrics')));
    const settledM = await api(server.url, '/api/internal/metrics');
    const { lost: unaccounted, state: stateAccount } = account(
      addCounts(paused.byMessage, probeFinal.byMessage),
      settledM.gateway.received,
      paused.wills + probeFinal.wills,
    );
    const dbLoss = (settledM.gateway.received.telemetry ?? 0) - settledM.telemetry.committed;
    console.log(
      `  accounting: ${paused.published} published + ${paused.wills} wills, probe ${probeFinal.published} + ${probeFinal.wills} wills; ${received(settledM)} received; unaccounted ${unaccounted} (${stateAccount})`,
    );

    // ── Phase 3: reconnect storm (the fleet loses its connections, then all return at once) ─────
    // Killed, like the fleet: a paused device's clean DISCONNECT would carry no offline state, and
    // over an external broker only the state or the will tells the console it left.
    await stop(probe, 'SIGKILL');
    const killedAt = Date.now();
    await sims.kill();
    await o.until('all devices offline', async () => (await onlineCount()) === 0, 60_000);
    const offlineMs = Date.now() - killedAt;
    const restartedAt = Date.now();
    sims = startSims(o.mqttPort, 1, n);
    const stormWait = await o.until(
      'all devices back online',
      async () => (await onlineCount()) >= n,
      120_000,
      100,
    );
    const stormMs = Number.isFinite(stormWait) ? Date.now() - restartedAt : stormWait;
    const stormOnline = await onlineCount();

    const stormErrors = sims.samples.at(-1)?.connectErrors ?? 0;
    await sleep(5000);
    await api(server.url, '/api/internal/metrics?reset=1');
    const nw = await window(o.windowMs);
    const nEnd = await api(server.url, '/api/internal/metrics');
    const nominal = {
      ...nw,
      online: await onlineCount(),
      rate: o.rateOver(metrics, received, nw.t0, nw.t1),
      p99: nEnd.publishToCommittedMs.p99,
      heapUsed: nEnd.process.heapUsed,
    };
    console.log(
      `  nominal: ${nominal.rate.toFixed(0)} msg/s, CPU ${nw.cpuPct.toFixed(1)}%, RSS max ${(nw.rssMax / 1048576).toFixed(0)} MB, heap used ${(nEnd.process.heapUsed / 1048576).toFixed(0)} MB, publish→committed p99 ${nominal.p99} ms`,
    );
    return {
      base,
      probes: o.probes,
      connectMs,
      connected,
      ingest: {
        rate,
        offered,
        unaccounted,
        stateAccount,
        dropped,
        dbLoss,
        cpuPct: w.cpuPct,
        rssMax: w.rssMax,
        t0: w.t0,
        t1: w.t1,
      },
      latency,
      list: { p50: percentile(list, 0.5), p95: percentile(list, 0.95), n: list.length },
      status,
      storm: { ms: stormMs, offlineMs, online: stormOnline, connectErrors: stormErrors },
      nominal,
    };
  } finally {
    ws.close();
    sampling = false;
    await sampler;
    await stop(probe);
    await sims.kill();
  }
}

const droppedOf = (m) =>
  m.gateway.rateLimited + sum(m.gateway.malformed) + m.gateway.handlerErrors + m.telemetry.failedBatches;

/** SIGUSR2 to the probe; its final totals (messages published, wills the broker sent for it). */
async function stopProbe(probe, lines) {
  probe.kill('SIGUSR2');
  for (let i = 0; i < 200 && !lines.some((x) => x.final); i++) await sleep(50);
  const final = lines.find((x) => x.final);
  if (!final) throw new Error('the probe did not print its totals');
  return final;
}

/** Each probe toggle matched to the first `device.status` event of that device in that direction after it. */
function statusLatencies(lines, events) {
  const toggles = lines.filter((x) => x.sn && x.to);
  const used = new Set();
  const lat = [];
  let missed = 0;
  for (const t of toggles) {
    const want = t.to === 'online' ? ONLINE : OFFLINE;
    // The probe stamps an online flip as the device's phase changes, before it sends the state the
    // console announces: 20 ms of slack for the two processes' clocks.
    const i = events.findIndex(
      (e, k) => !used.has(k) && e.sn === t.sn && want.includes(e.status) && e.recvAt >= t.at - 20,
    );
    // Judged after every toggle had 3 s: no match is a miss, whenever the toggle happened. A miss is
    // printed with the device's toggles and events around it, so that its cause can be read.
    if (i < 0) {
      missed++;
      const near = (x) => Math.abs(x - t.at) <= 5000;
      console.log(
        `  status change missed: ${t.sn} ${t.to} at ${t.at}; its toggles ${JSON.stringify(toggles.filter((x) => x.sn === t.sn && near(x.at)).map((x) => [x.to, x.at - t.at]))}, its events ${JSON.stringify(events.filter((e) => e.sn === t.sn && near(e.recvAt)).map((e) => [e.status, e.recvAt - t.at]))} (ms from the toggle)`,
      );
      continue;
    }
    used.add(i);
    // Not floored: a slightly negative figure is the probe's ≤ 5 ms polling, shown as it is.
    lat.push(events[i].recvAt - t.at);
  }
  return { p50: percentile(lat, 0.5), p95: percentile(lat, 0.95), n: lat.length, missed };
}
