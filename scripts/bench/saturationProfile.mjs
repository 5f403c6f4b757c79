// CPU profile of the server for the saturation bench: the server runs with `--inspect=127.0.0.1:0`;
// this connects to its inspector (Chrome DevTools Protocol over a WebSocket), records a profile
// while a step runs, and summarises it — self time per function and per area (source directory or
// package), with bundle positions mapped back to source files through the bundle's source map.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import WebSocket from 'ws';
import { ROOT } from '../lib.mjs';
import { sleep } from './devicesLib.mjs';

/** The inspector's WebSocket URL, from the line Node prints on stderr. */
async function inspectorUrl(child) {
  for (let i = 0; i < 200; i++) {
    for (const line of child.text) {
      const m = /Debugger listening on (ws:\/\/\S+)/.exec(line);
      if (m) return m[1];
    }
    await sleep(25);
  }
  throw new Error('the server printed no inspector URL');
}

/** Starts the profiler in the server; `stop()` resolves with the profile (CDP Profiler.Profile). */
export async function startProfile(child) {
  const ws = new WebSocket(await inspectorUrl(child));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map();
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m);
      pending.delete(m.id);
    }
  });
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      id++;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call('Profiler.enable');
  await call('Profiler.setSamplingInterval', { interval: 500 });
  await call('Profiler.start');
  return {
    async stop() {
      const r = await call('Profiler.stop');
      ws.close();
      return r.result.profile;
    },
  };
}

// ── Source map of the server bundle (VLQ "mappings" → generated line → segments) ─────────────────
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const MAP_FILE = join(ROOT, 'packages/server/dist/main.js.map');
let bundleMap = null;
function loadBundleMap() {
  if (bundleMap) return bundleMap;
  const map = JSON.parse(readFileSync(MAP_FILE, 'utf8'));
  const digit = new Map([...B64].map((c, i) => [c, i]));
  const lines = [];
  let src = 0;
  let srcLine = 0;
  for (const text of map.mappings.split(';')) {
    const segs = [];
    let col = 0;
    for (const seg of text.split(',')) {
      if (!seg) continue;
      const vals = [];
      let v = 0;
      let shift = 0;
      for (const c of seg) {
        const d = digit.get(c);
        v += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          vals.push(v & 1 ? -(v >>> 1) : v >>> 1);
          v = 0;
          shift = 0;
        }
      }
      col += vals[0];
      if (vals.length >= 4) {
        src += vals[1];
        srcLine += vals[2];
        // vals[3] (source column) is not needed: a line is precise enough here.
        segs.push([col, src, srcLine]);
      }
    }
    lines.push(segs);
  }
  bundleMap = { lines, sources: map.sources.map((s) => posix.join('packages/server/dist', s)) };
  return bundleMap;
}

/** "file:line" of a call frame: bundle positions mapped to source, node_modules shortened. */
function where(frame) {
  const url = frame.url ?? '';
  if (!url) return '';
  if (url.endsWith('/packages/server/dist/main.js') && existsSync(MAP_FILE)) {
    const { lines, sources } = loadBundleMap();
    const segs = lines[frame.lineNumber] ?? [];
    let hit = null;
    for (const s of segs) if (s[0] <= frame.columnNumber) hit = s;
    if (hit) return `${sources[hit[1]]}:${hit[2] + 1}`;
  }
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return `${url.slice(nm + 14)}:${frame.lineNumber + 1}`;
  return `${url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '')}:${frame.lineNumber + 1}`;
}

/** The area of a location: a package (node_modules) or a source directory. */
function areaOf(loc, name) {
  if (!loc) return name.startsWith('(') ? name : `(native) ${name}`;
  if (loc.startsWith('node:')) return 'node: core';
  const path = loc.replace(/:\d+$/, '');
  if (!path.includes('/') || path.startsWith('node_modules')) return path;
  const parts = path.split('/');
  if (parts[0] === '') return path;
  if (parts[0] === 'packages') return parts.slice(0, Math.min(parts.length - 1, 4)).join('/');
  // node_modules path: the package (scoped or not)
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The nearest caller of a node that is code of ours or of a package (not Node's own, not native). */
function ownCaller(node, parentOf, byId) {
  for (let p = byId.get(parentOf.get(node.id)); p; p = byId.get(parentOf.get(p.id))) {
    const loc = where(p.callFrame);
    if (loc && !loc.startsWith('node:')) return `${p.callFrame.functionName || '(anonymous)'} ${loc}`;
  }
  return '';
}

/**
 * Top functions and areas by self time, as shares of the busy samples (all but `(idle)`: the
 * profiler samples wall time, so idle is the event loop waiting, not spare CPU): [{label, pct, via}],
 * `via` being the chief caller in our code or a package (what a native or Node function serves).
 */
export function summarise(profile, top = 8) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const total = profile.nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0) || 1;
  const fns = new Map();
  const callers = new Map();
  const areas = new Map();
  let idle = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const name = node.callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += hits;
      continue;
    }
    const loc = where(node.callFrame);
    const label = loc ? `${name} ${loc}` : name;
    fns.set(label, (fns.get(label) ?? 0) + hits);
    const via = ownCaller(node, parentOf, byId);
    if (via) {
      const m = callers.get(label) ?? new Map();
      m.set(via, (m.get(via) ?? 0) + hits);
      callers.set(label, m);
    }
    const area = areaOf(loc, name);
    areas.set(area, (areas.get(area) ?? 0) + hits);
  }
  const busy = total - idle || 1;
  const rank = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([label, hits]) => {
        const c = [...(callers.get(label) ?? [])].sort((a, b) => b[1] - a[1])[0];
        const via = c ? `${c[0]} (${Math.round((c[1] * 100) / hits)}%)` : '';
        return { label, pct: (hits * 100) / busy, via };
      });
  return { functions: rank(fns), areas: rank(areas), samples: total, idlePct: (idle * 100) / total };
}
