// Budget (issue 12 §3, network topology): "the page stays interactive (pan/zoom) at 1,000 nodes".
// A project of N = BENCH_TOPOLOGY_DEVICES (default 1,000) simulated devices (fleetProject.mjs, the
// `office` mix: gateways, switches and APs reporting their uplinks, so the server's own topology
// has N device nodes); the built console's topology page opened in real Chromium (Debian's
// /usr/bin/chromium, headless, no GPU: software rendering, the pessimistic case) at 1600×900. In
// two views — the page's own first view (the centre at the smallest readable zoom) and Fit to view
// (the smallest zoom, 0.1: most of the graph on screen) — the bench drags the canvas (pan: 2 drags
// of 15 mouse steps) and turns the wheel (zoom: 12 notches, in then out; and from the fitted view,
// 10 notches in past the zoom where the overview drawing turns into nodes, and out), while the page records every
// requestAnimationFrame interval and every long task (PerformanceObserver 'longtask', > 50 ms).
// Budgets: p95 frame interval < 50 ms (at least 20 frames a second while the user drags: the view
// follows the hand) and no long task over 200 ms during pan or zoom (the "good" bound of
// Interaction to Next Paint: a wheel notch or a drag never waits longer than that for a frame).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { fmt, percentile, sleep } from './devicesLib.mjs';
import { startFleetProject } from './fleetProject.mjs';

const N = Number(process.env.BENCH_TOPOLOGY_DEVICES ?? 1000);
const FRAME_BUDGET_MS = 50;
const LONG_TASK_BUDGET_MS = 200;
const VIEWPORT = { width: 1600, height: 900 };
/** Mouse steps of each of the 2 drags, wheel notches (half in, half out): bounded, a slow page too ends. */
const PAN_STEPS = 15;
const ZOOM_NOTCHES = 12;
/** 0.1 × 1.18^10 ≈ 0.52: past the zoom where the overview turns into nodes (detail.ts, 0.4). */
const DETAIL_NOTCHES = 10;

/** Installed before the page's own scripts: frame intervals and long tasks, between start and stop. */
function recorder() {
  const rec = { on: false, frames: [], longTasks: [], last: 0 };
  window.__bench = rec;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (rec.on) rec.longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: false });
  const tick = (t) => {
    if (rec.on && rec.last > 0) rec.frames.push(t - rec.last);
    rec.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function measure(page, interact) {
  await page.evaluate(() => {
    const rec = window.__bench;
    rec.frames = [];
    rec.longTasks = [];
    rec.last = 0;
    rec.on = true;
  });
  const started = Date.now();
  await interact();
  // The last frames of the interaction (a zoom settling) belong to it.
  await sleep(300);
  const wallMs = Date.now() - started;
  const r = await page.evaluate(() => {
    const rec = window.__bench;
    rec.on = false;
    return { frames: rec.frames, longTasks: rec.longTasks };
  });
  return {
    p95: percentile(r.frames, 0.95),
    p50: percentile(r.frames, 0.5),
    frames: r.frames.length,
    fps: (r.frames.length * 1000) / wallMs,
    longest: Math.max(0, ...r.longTasks.map((t) => t.ms)),
    longTasks: r.longTasks.length,
  };
}

async function pan(page, box) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (const [dx, dy] of [
    [300, 0],
    [-300, 150],
  ]) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + dx, cy + dy, { steps: PAN_STEPS });
    await page.mouse.up();
  }
}

/** With profiling: when each wheel notch was turned, in the page's clock. */
async function markNotch(page, i) {
  if (process.env.BENCH_TOPOLOGY_PROFILE !== '1') return;
  await page.evaluate((n) => {
    window.__marks = [...(window.__marks ?? []), [n, performance.now()]];
  }, i);
}

/** Zoom in from the fitted view (0.1) past the overview's threshold (0.4) and back: 10 notches each way. */
async function zoomThrough(page, box) {
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let notch = 0;
  for (const deltaY of [...Array(DETAIL_NOTCHES).fill(-120), ...Array(DETAIL_NOTCHES).fill(120)]) {
    await markNotch(page, notch++);
    await page.mouse.wheel(0, deltaY);
    await sleep(30);
    if (notch === DETAIL_NOTCHES && process.env.BENCH_TOPOLOGY_PROFILE === '1') await countElements(page);
  }
}

/** Profile mode: what the page holds at the deepest notch (what the switch into nodes mounted). */
async function countElements(page) {
  await sleep(1000);
  const c = await page.evaluate(() => {
    const rules = [...document.styleSheets].reduce((n, s) => {
      try {
        return n + s.cssRules.length;
      } catch {
        return n;
      }
    }, 0);
    const flow = document.querySelector('.react-flow');
    return {
      nodes: document.querySelectorAll('.react-flow__node').length,
      edges: document.querySelectorAll('.react-flow__edge').length,
      edgeLabels: document.querySelectorAll('.react-flow__edgelabel-renderer > *').length,
      flowElements: flow ? flow.querySelectorAll('*').length : 0,
      pageElements: document.querySelectorAll('*').length,
      styleSheets: document.styleSheets.length,
      rules,
    };
  });
  console.log(`  at the deepest notch: ${JSON.stringify(c)}`);
}

async function zoom(page, box) {
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let notch = 0;
  for (const deltaY of [...Array(ZOOM_NOTCHES / 2).fill(-120), ...Array(ZOOM_NOTCHES / 2).fill(120)]) {
    await markNotch(page, notch++);
    await page.mouse.wheel(0, deltaY);
    await sleep(30);
  }
}

/**
 * `BENCH_TOPOLOGY_PROFILE=1`: around a zoom gesture, the main thread's trace by event, the page's CPU
 * profile by function, and after which wheel notch each long task came. Otherwise just `measured()`.
 */
async function profiled(browser, page, what, measured) {
  if (process.env.BENCH_TOPOLOGY_PROFILE !== '1') return measured();
  const cdp = await startProfile(page);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'blink'] });
  const m = await measured();
  const raw = await browser.stopTracing();
  const trace = JSON.parse(raw.toString());
  // The whole trace, for a closer look (chrome://tracing, or Perfetto from the file).
  const dir = process.env.BENCH_TOPOLOGY_PROFILE_DIR;
  if (dir) writeFileSync(join(dir, `topology-${what.replace(/[^a-z]+/g, '-')}.trace.json`), raw);
  const main = trace.traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const byName = new Map();
  for (const e of trace.traceEvents) {
    if (e.ph !== 'X' || !main || e.tid !== main.tid || e.pid !== main.pid) continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
  }
  console.log(`  trace of ${what} (main thread, inclusive):`);
  for (const [k, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${fmt(us / 1000, 1).padStart(8)} ms  ${k}`);
  await printProfile(cdp, what);
  const { marks, tasks } = await page.evaluate(() => ({
    marks: window.__marks ?? [],
    tasks: window.__bench.longTasks,
  }));
  for (const t of tasks) {
    const after = marks.filter(([, at]) => at <= t.start).pop();
    console.log(
      `    long task ${fmt(t.ms)} ms after notch ${after?.[0] ?? '-'} (+${fmt(t.start - (after?.[1] ?? 0))} ms)`,
    );
  }
  await page.evaluate(() => {
    window.__marks = [];
  });
  return m;
}

/** A CPU profile of the page (CDP), sampled every 200 µs. */
async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

async function printProfile(cdp, what) {
  const { profile } = await cdp.send('Profiler.stop');
  const dir = process.env.BENCH_TOPOLOGY_PROFILE_DIR;
  if (dir)
    writeFileSync(join(dir, `topology-${what.replace(/[^a-z]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  const self = new Map();
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0));
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  console.log(`  profile of ${what} (self time):`);
  for (const [k, us] of top) console.log(`    ${fmt(us / 1000, 1).padStart(8)} ms  ${k}`);
  await cdp.detach();
}

export async function run() {
  const f = await startFleetProject({ n: N });
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    const context = await browser.newContext({ viewport: VIEWPORT, baseURL: f.server.url });
    const login = await context.request.post('/api/auth/login', {
      data: { method: 'email', email: f.email, password: f.password, client: 'web' },
    });
    if ((await login.json()).code !== 0) throw new Error(`web sign-in: ${await login.text()}`);
    // The server's topology (a console session's route) has every device once their reports are in.
    let graph;
    const started = Date.now();
    for (;;) {
      const r = await (await context.request.get(`/api/projects/${f.projectId}/topology`)).json();
      if (r.code !== 0) throw new Error(`topology: ${JSON.stringify(r).slice(0, 300)}`);
      graph = r.data;
      const devices = graph.nodes.filter((n) => n.deviceId !== undefined).length;
      if (devices >= N || Date.now() - started > 60_000) break;
      await sleep(1000);
    }
    const deviceNodes = graph.nodes.filter((n) => n.deviceId !== undefined).length;
    const page = await context.newPage();
    page.on('crash', () => console.log('  (the page crashed)'));
    page.on('pageerror', (e) => console.log(`  (page error: ${e.message})`));
    browser.on('disconnected', () => console.log('  (the browser went away)'));
    await page.addInitScript(
      ({ project }) => {
        if (!sessionStorage.getItem('nl.project')) sessionStorage.setItem('nl.project', project);
      },
      {
        project: JSON.stringify({ id: f.projectId, right: 'own', netMode: 0, projectName: 'Bench devices' }),
      },
    );
    await page.addInitScript(recorder);
    const opened = Date.now();
    await page.goto('/manage/visualization/topo');
    const canvas = page.getByTestId('topology-canvas');
    const nodes = canvas.locator('.react-flow__node');
    // Drawn: a device on screen (the Internet root may be off screen: only what is on screen is drawn).
    await canvas.getByTestId('topo-node').first().waitFor({ timeout: 120_000 });
    // Laid out, fitted and measured: the card counts every device, and the nodes in the page (all of
    // them, or those on screen where the page draws only those) stop changing.
    await page.getByTestId('topology-card').getByText(`${deviceNodes} devices`).waitFor({ timeout: 120_000 });
    let inPage = -1;
    for (let i = 0; i < 30; i++) {
      const n = await nodes.count();
      if (n > 1 && n === inPage) break;
      inPage = n;
      await sleep(1000);
    }
    const firstViewMs = Date.now() - opened;
    const tips = page.getByTestId('topology-tips');
    if (await tips.isVisible()) await tips.getByRole('button', { name: 'Got it' }).click();
    await sleep(1000);
    const rendered = await nodes.count();
    console.log(`  load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
    const shot = process.env.BENCH_TOPOLOGY_SCREENSHOT;
    if (shot) await page.screenshot({ path: shot.replace(/\.png$/, '-first.png') });
    const box = await page.locator('.react-flow__pane').boundingBox();
    if (!box) throw new Error('no topology canvas on screen');

    const said = (view, kind, m) =>
      console.log(
        `  ${view}, ${kind}: frames p50 ${fmt(m.p50, 1)} ms, p95 ${fmt(m.p95, 1)} ms (${m.frames} frames, ${fmt(m.fps, 0)} fps); ${m.longTasks} long tasks, longest ${fmt(m.longest)} ms`,
      );
    console.log(
      `  ${deviceNodes} device nodes in the topology API (${graph.nodes.length} nodes, ${graph.edges.length} links); ${rendered} drawn; first view in ${fmt(firstViewMs / 1000, 1)} s`,
    );
    const views = [];
    for (const view of ['first view', 'fitted view']) {
      if (view === 'fitted view') {
        await page.getByRole('button', { name: 'Fit to view' }).click();
        await sleep(1000);
        if (shot) await page.screenshot({ path: shot });
      }
      const v = { view, drawn: await nodes.count() };
      if (view === 'fitted view') {
        // From the overview into full detail: the wheel in until the nodes are drawn, then back out.
        v.detail = await profiled(browser, page, `${view}, into detail`, () =>
          measure(page, () => zoomThrough(page, box)),
        );
        said(view, 'into detail', v.detail);
      }
      v.pan = await measure(page, () => pan(page, box));
      said(view, 'pan', v.pan);
      v.zoom = await profiled(browser, page, `${view}, zoom`, () => measure(page, () => zoom(page, box)));
      said(view, 'zoom', v.zoom);
      views.push(v);
    }
    const rows = [];
    for (const v of views) {
      for (const kind of ['pan', 'zoom', 'detail']) {
        const m = v[kind];
        if (!m) continue;
        const gesture = kind === 'detail' ? 'zoom from the overview into detail and back' : kind;
        rows.push({
          name: `Topology page at ${deviceNodes} devices, ${gesture} in the ${v.view} (${v.drawn} nodes in the page; Chromium, no GPU)`,
          figure: `frame p95 ${fmt(m.p95, 1)} ms, p50 ${fmt(m.p50, 1)} ms (${fmt(m.fps, 0)} fps); longest task ${fmt(m.longest)} ms (${m.longTasks} over 50 ms)`,
          ratio: `${fmt(m.p95 / FRAME_BUDGET_MS, 2)}× of the ${FRAME_BUDGET_MS} ms frame budget, ${fmt(m.longest / LONG_TASK_BUDGET_MS, 2)}× of the ${LONG_TASK_BUDGET_MS} ms long-task budget`,
          withinBudget: m.p95 < FRAME_BUDGET_MS && m.longest <= LONG_TASK_BUDGET_MS && deviceNodes >= N,
        });
      }
    }
    return rows;
  } finally {
    await browser?.close();
    await f.close();
  }
}
