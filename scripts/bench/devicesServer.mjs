// Phases 2 and 3 of the devices bench (see devices.mjs): the server under the simulator's load, the
// reconnect storm, and the server at the nominal 30 s interval. Returns raw figures; devices.mjs
// turns them into rows.
import { api, cpuSeconds, percentile, rssBytes, sampleAfter, sleep, spawnTs, stop } from './devicesLib.mjs';

const ONLINE = [1, 2, 7];
const OFFLINE = [0, 9];
// Device-list requests a console user makes: first page, a deep page, a status filter, a search.
const LIST_QUERIES = ['', '?page=200&pageSize=20', '?status=online', '?q=NLS'];

const sum = (o) => Object.values(o ?? {}).reduce((n, v) => n + v, 0);

export async function measureServer(o) {
  const { server, token, projectId, db, n } = o;
  const pid = server.child.pid;
  const online = db.prepare(
    `select count(*) as n from devices where project_id = ? and status in (${ONLINE.join(',')})`,
  );
  const onlineCount = () => online.get(projectId).n;

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
  const sim = [];
  let simChild = spawnTs('packages/sim/src/cli.ts', o.simArgs(o.mqttPort, o.timeFactor), {
    onJson: (x) => sim.push(x),
  });
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
    const connectMs = await o.until('all devices online in the database', () => onlineCount() >= n, 150_000);
    const connected = onlineCount();
    console.log(
      `  server: ${connected}/${n} devices online in the database after ${(connectMs / 1000).toFixed(1)} s`,
    );
    probe = spawnTs(
      'scripts/bench/devicesProbe.ts',
      [`mqtt://127.0.0.1:${o.mqttPort}`, String(o.probeSeed), String(o.probes), '700'],
      {
        onJson: (x) => probeLines.push(x),
      },
    );
    await o.until('the probe devices', () => probeLines.some((x) => x.ready), 60_000, 100);
    await sleep(3000);
    await api(server.url, '/api/internal/metrics?reset=1');

    const list = [];
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
        await sleep(100);
      }
    })();
    const w = await window(o.windowMs);
    listing = false;
    await lister;
    const last = sim.filter((x) => x.at <= w.t1).at(-1);
    await sleep(1500);
    const mEnd = metrics.at(-1);
    const latency = mEnd.publishToCommittedMs;
    const after = sampleAfter(metrics, (last?.at ?? 0) + 1000);
    const probePublished = 0; // the probe's few messages only make "unaccounted" smaller: ignored
    const rate = o.rateOver(metrics, received, w.t0, w.t1);
    const offered = o.rateOver(sim, (x) => x.published, w.t0, w.t1);
    const unaccounted =
      last && after ? Math.max(0, last.published + probePublished - received(after)) : Number.NaN;
    const g = mEnd.gateway;
    const dropped = g.rateLimited + sum(g.malformed) + g.handlerErrors + mEnd.telemetry.failedBatches;
    console.log(
      `  server: ${rate.toFixed(0)} msg/s ingested (offered ${offered.toFixed(0)}), CPU ${w.cpuPct.toFixed(1)}%, RSS max ${(w.rssMax / 1048576).toFixed(0)} MB, event-loop p99 ${mEnd.process.eventLoopDelayMs.p99.toFixed(1)} ms, broker backlog high ${g.queueHigh}`,
    );
    const status = statusLatencies(probeLines, events);
    await stop(probe);

    // ── Phase 3: reconnect storm (kill the simulator, start it again) ───────────────────────────
    const killedAt = Date.now();
    await stop(simChild, 'SIGKILL');
    const offlineMs = await o.until('all devices offline', () => onlineCount() === 0, 60_000);
    // Nothing publishes now: every telemetry sample received must be committed.
    await sleep(1000);
    const settled = await api(server.url, '/api/internal/metrics');
    const dbLoss = (settled.gateway.received.telemetry ?? 0) - settled.telemetry.committed;
    console.log(
      `  storm: all offline ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill; restarting the simulator`,
    );
    const restartedAt = Date.now();
    const sim2 = [];
    simChild = spawnTs('packages/sim/src/cli.ts', o.simArgs(o.mqttPort, 1), { onJson: (x) => sim2.push(x) });
    const stormWait = await o.until('all devices back online', () => onlineCount() >= n, 120_000, 100);
    const stormMs = Number.isFinite(stormWait) ? Date.now() - restartedAt : stormWait;
    const stormOnline = onlineCount();

    await sleep(5000);
    const nw = await window(o.windowMs);
    const nominal = { ...nw, online: onlineCount(), rate: o.rateOver(metrics, received, nw.t0, nw.t1) };
    console.log(
      `  nominal: ${nominal.rate.toFixed(0)} msg/s, CPU ${nw.cpuPct.toFixed(1)}%, RSS max ${(nw.rssMax / 1048576).toFixed(0)} MB`,
    );
    return {
      probes: o.probes,
      connectMs,
      connected,
      ingest: { rate, offered, unaccounted, dropped, dbLoss, cpuPct: w.cpuPct, rssMax: w.rssMax },
      latency,
      list: { p50: percentile(list, 0.5), p95: percentile(list, 0.95), n: list.length },
      status,
      storm: { ms: stormMs, offlineMs, online: stormOnline },
      nominal,
    };
  } finally {
    ws.close();
    sampling = false;
    await sampler;
    await stop(probe);
    await stop(simChild, 'SIGKILL');
  }
}

/** Each probe toggle matched to the first `device.status` event of that device in that direction after it. */
function statusLatencies(lines, events) {
  const toggles = lines.filter((x) => x.sn && x.to);
  const used = new Set();
  const lat = [];
  let missed = 0;
  for (const t of toggles) {
    const want = t.to === 'online' ? ONLINE : OFFLINE;
    // The online flip is polled every 5 ms in the probe: allow the event to arrive just before it.
    const i = events.findIndex(
      (e, k) => !used.has(k) && e.sn === t.sn && want.includes(e.status) && e.recvAt >= t.at - 20,
    );
    if (i < 0) {
      // The last toggles may still be in flight when the window ends.
      if (t.at < Date.now() - 3000) missed++;
      continue;
    }
    used.add(i);
    lat.push(Math.max(0, events[i].recvAt - t.at));
  }
  return { p50: percentile(lat, 0.5), p95: percentile(lat, 0.95), n: lat.length, missed };
}
