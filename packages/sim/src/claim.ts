/**
 * `--project`: claims the simulated serial numbers into a project through the server's public HTTP
 * API, like any API client (sign in with e-mail and password as an `openapi` client to get a bearer
 * token, then POST /api/projects/:id/devices per SN). Nothing here knows the server's internals.
 */
import { type DeviceModel, ERR } from '@netloom/domain';

export interface ClaimOptions {
  /** Console base URL, e.g. http://127.0.0.1:3000. */
  api: string;
  email: string;
  password: string;
  /** Project id, or its exact name. */
  project: string;
  devices: readonly { sn: string; model: DeviceModel }[];
  concurrency?: number;
  fetch?: typeof fetch;
}

export interface ClaimResult {
  projectId: number;
  added: number;
  already: number;
  failed: { sn: string; code: number; message: string }[];
}

interface Envelope {
  code: number;
  message?: string;
  data?: unknown;
}

async function call(f: typeof fetch, url: string, init: RequestInit): Promise<Envelope> {
  const res = await f(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const text = await res.text();
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return { code: res.status, message: `HTTP ${res.status}: ${text.slice(0, 120)}` };
  }
}

const ALREADY: readonly number[] = [ERR.DEVICE_ALREADY_IN_PROJECT, ERR.DATA_EXISTS];

export async function claimDevices(o: ClaimOptions): Promise<ClaimResult> {
  const f = o.fetch ?? fetch;
  const base = o.api.replace(/\/+$/, '');
  const login = await call(f, `${base}/api/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ method: 'email', email: o.email, password: o.password, client: 'openapi' }),
  });
  const token = (login.data as { token?: string } | undefined)?.token;
  if (login.code !== 0 || !token) throw new Error(`sign-in failed: ${login.code} ${login.message ?? ''}`);
  const auth = { authorization: `Bearer ${token}` };

  let projectId = /^\d+$/.test(o.project) ? Number(o.project) : Number.NaN;
  if (Number.isNaN(projectId)) {
    const list = await call(f, `${base}/api/projects?q=${encodeURIComponent(o.project)}`, { headers: auth });
    const items = (list.data as { items?: { id: number; name: string }[] } | undefined)?.items ?? [];
    const found = items.find((p) => p.name === o.project) ?? (items.length === 1 ? items[0] : undefined);
    if (!found) throw new Error(`no project named "${o.project}" (${items.length} matches)`);
    projectId = found.id;
  }

  const result: ClaimResult = { projectId, added: 0, already: 0, failed: [] };
  const queue = [...o.devices];
  const worker = async () => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      const r = await call(f, `${base}/api/projects/${projectId}/devices`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ sn: d.sn, name: `${d.model.model}-${d.sn.slice(-4)}` }),
      });
      if (r.code === 0) result.added++;
      else if (ALREADY.includes(r.code)) result.already++;
      else result.failed.push({ sn: d.sn, code: r.code, message: r.message ?? '' });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 8) }, worker));
  return result;
}
