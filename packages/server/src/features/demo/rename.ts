import { type ExperCfg, experDeviceName, experSsid } from '@netloom/domain';

/** Response keys that hold a device's name (device list/detail, uplinks, clients' device, AP load). */
const NAME_KEYS = new Set(['name', 'uplinkName', 'deviceName', 'apName']);
const SSID_KEYS = new Set(['ssid']);
// Responses are trees of a bounded shape; the limit only guards against a cyclic object.
const MAX_DEPTH = 12;

/**
 * The ONE place where demo projects' device names and SSIDs are renamed by `exper_cfg`: applied to
 * the whole response of a demo-project route just before serialisation, so every feature (device
 * list and detail, client list, monitoring) shows the same names without knowing about the demo.
 * Returns a renamed copy; the handler's object is not touched. Rules are exact or contained source
 * strings of full device names, so other `name` values (models, versions, clients) are left alone.
 */
export function renameDemoPayload<T>(payload: T, cfg: ExperCfg): T {
  return walk(payload, cfg, 0) as T;
}

function walk(value: unknown, cfg: ExperCfg, depth: number): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => walk(v, cfg, depth + 1));
  // Only plain JSON objects: a Buffer, Date or stream is serialised as it is.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string' && NAME_KEYS.has(key)) out[key] = experDeviceName(v, cfg);
    else if (typeof v === 'string' && SSID_KEYS.has(key)) out[key] = experSsid(v, cfg);
    else out[key] = walk(v, cfg, depth + 1);
  }
  return out;
}
