/**
 * Remote web management (docs/protocol.md §7.2 `remoteWeb`, §7.4 the tunnel): on the command the
 * device opens one WebSocket to the command's `url` with its one-time `token`, replies once it is
 * open, and answers every `request` frame from its own small web server — a status page (name,
 * model, serial number, firmware, uptime, LED) with a form that changes the system name and the LED,
 * posted back through the tunnel — and a WebSocket at `/ws` (remoteSockets.ts). It knows nothing of
 * the console but the URL and token it was sent.
 */
import { ERR, formatDuration, NAME_MAX_BYTES } from '@netloom/domain';
import {
  type Body,
  type CommandMessage,
  remoteWebArgsSchema,
  TUNNEL_BODY_MAX_BYTES,
  TUNNEL_CLOSE_CODES,
  type TunnelRequest,
  type TunnelResponse,
  tunnelDownSchema,
} from '@netloom/protocol';
import WebSocket from 'ws';
import { TunnelSockets } from './remoteSockets';
import type { Unit } from './unit';

/** What the device's own page lets a user change (kept on the device, not in the cloud's config). */
interface LocalSettings {
  systemName: string;
  led: boolean;
}

const settings = new WeakMap<Unit, LocalSettings>();
const tunnels = new WeakMap<Unit, WebSocket>();

function localSettings(d: Unit): LocalSettings {
  let s = settings.get(d);
  if (!s) {
    s = { systemName: `${d.model.model}-${d.sn.slice(-4)}`, led: true };
    settings.set(d, s);
  }
  return s;
}

/** The device's local settings as its page shows them (tests read them). */
export function localWebSettings(d: Unit): Readonly<LocalSettings> {
  return localSettings(d);
}

/** Closes the device's tunnel, if one is open (a restart or a stop). */
export function closeTunnel(d: Unit): void {
  tunnels.get(d)?.close(TUNNEL_CLOSE_CODES.ENDED, 'device');
  tunnels.delete(d);
}

export function remoteWeb(d: Unit, cmd: CommandMessage, reply: (body: Body<'reply'>) => void): void {
  const args = remoteWebArgsSchema.safeParse(cmd.args);
  if (!args.success) {
    reply({ id: cmd.id, ok: false, code: ERR.INVALID_PARAMETERS, message: 'bad remoteWeb arguments' });
    return;
  }
  closeTunnel(d);
  let opened = false;
  const ws = new WebSocket(args.data.url, {
    headers: { authorization: `Bearer ${args.data.token}` },
    maxPayload: TUNNEL_BODY_MAX_BYTES * 2,
  });
  tunnels.set(d, ws);
  const sockets = new TunnelSockets(
    d,
    (frame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    },
    () => {
      const s = localSettings(d);
      return { systemName: s.systemName, led: s.led, uptimeSeconds: uptimeSeconds(d) };
    },
  );
  ws.on('open', () => {
    opened = true;
    reply({ id: cmd.id, ok: true });
  });
  ws.on('message', (raw, isBinary) => {
    if (isBinary) return;
    let json: unknown = null;
    try {
      json = JSON.parse(raw.toString());
    } catch {
      json = null;
    }
    const frame = tunnelDownSchema.safeParse(json);
    if (!frame.success) return;
    switch (frame.data.type) {
      case 'close':
        ws.close(TUNNEL_CLOSE_CODES.ENDED, frame.data.reason);
        return;
      case 'wsOpen':
        sockets.open(frame.data);
        return;
      case 'wsMessage':
        sockets.message(frame.data);
        return;
      case 'wsClose':
        sockets.close(frame.data);
        return;
      case 'request':
        ws.send(JSON.stringify(serve(d, frame.data)));
    }
  });
  ws.on('error', () => {
    if (!opened)
      reply({ id: cmd.id, ok: false, code: ERR.REMOTE_MGMT_TUNNEL_FAILED, message: 'tunnel refused' });
  });
  ws.on('close', () => {
    sockets.closeAll();
    if (tunnels.get(d) === ws) tunnels.delete(d);
  });
}

/** The device's own web server: `/` the status page, `POST /settings` the form. */
export function serve(d: Unit, req: TunnelRequest): TunnelResponse {
  const path = req.path.split('?')[0] ?? '/';
  if (req.method === 'POST' && path === '/settings') {
    const form = new URLSearchParams(Buffer.from(req.body, 'base64').toString('utf8'));
    const s = localSettings(d);
    const name = (form.get('systemName') ?? '').trim();
    if (name && Buffer.byteLength(name) <= NAME_MAX_BYTES) s.systemName = name;
    s.led = form.get('led') === 'on';
    return { type: 'response', id: req.id, status: 303, headers: [['Location', '/?saved=1']], body: '' };
  }
  if ((req.method === 'GET' || req.method === 'HEAD') && path === '/') {
    const html = statusPage(d, req.path.includes('saved=1'));
    return {
      type: 'response',
      id: req.id,
      status: 200,
      headers: [['Content-Type', 'text/html; charset=utf-8']],
      body: req.method === 'HEAD' ? '' : Buffer.from(html).toString('base64'),
    };
  }
  return {
    type: 'response',
    id: req.id,
    status: 404,
    headers: [['Content-Type', 'text/plain; charset=utf-8']],
    body: Buffer.from('Not found').toString('base64'),
  };
}

function statusPage(d: Unit, saved: boolean): string {
  const s = localSettings(d);
  const uptime = formatDuration(uptimeSeconds(d));
  const rows: [string, string][] = [
    ['System name', s.systemName],
    ['Model', d.model.model],
    ['Serial number', d.sn],
    ['Firmware', d.firmwareVersion],
    ['IP address', d.ip],
    ['Uptime', uptime],
    ['Status LED', s.led ? 'On' : 'Off'],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(s.systemName)} — local management</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#eef1f5;color:#1f2937}
header{background:#0f3d66;color:#fff;padding:14px 28px;display:flex;align-items:baseline;gap:16px}
header h1{font-size:18px;margin:0}header span{opacity:.75;font-size:13px}
main{max-width:720px;margin:24px auto;padding:0 16px}
section{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:20px 24px;margin-bottom:16px}
h2{font-size:15px;margin:0 0 12px}
table{border-collapse:collapse;width:100%}td{padding:7px 0;border-bottom:1px solid #eef0f3;font-size:14px}
td:first-child{color:#6b7280;width:40%}
label{display:block;font-size:13px;color:#4b5563;margin:10px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:7px 10px;border:1px solid #cbd5e1;border-radius:6px;font-size:14px}
.check{display:flex;align-items:center;gap:8px;margin-top:12px;font-size:14px;color:#1f2937}
button{margin-top:16px;background:#1677ff;color:#fff;border:0;border-radius:6px;padding:8px 18px;font-size:14px;cursor:pointer}
.saved{background:#f0fdf4;border:1px solid #bbf7d0;color:#166534;border-radius:6px;padding:8px 12px;margin-bottom:16px;font-size:14px}
</style></head>
<body><header><h1>${esc(d.model.model)} local management</h1><span>${esc(d.sn)}</span></header>
<main>
${saved ? '<div class="saved" role="status">Settings saved.</div>' : ''}
<section aria-labelledby="status"><h2 id="status">Device status</h2><table>
${rows.map(([k, v]) => `<tr><td>${esc(k)}</td><td data-field="${esc(k)}">${esc(v)}</td></tr>`).join('\n')}
</table></section>
<section aria-labelledby="settings"><h2 id="settings">Settings</h2>
<form method="post" action="settings">
<label for="systemName">System name</label>
<input type="text" id="systemName" name="systemName" value="${esc(s.systemName)}" maxlength="${NAME_MAX_BYTES}">
<label class="check"><input type="checkbox" name="led" ${s.led ? 'checked' : ''}> Status LED on</label>
<button type="submit">Save</button>
</form></section>
</main></body></html>`;
}

function uptimeSeconds(d: Unit): number {
  return Math.max(0, Math.floor((d.fleet.clock.now() - d.bootSim) / 1000));
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
