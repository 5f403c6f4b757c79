/**
 * Serial numbers, MACs and addresses of planned devices. An SN is `NLS` + a two-letter type code +
 * four base-36 characters of the seed + seven digits of the device index (16 characters), e.g.
 * `NLSAP00A70000042`: recognisable in logs, unique per (seed, index), and valid for the protocol
 * (16–32 letters or digits).
 */
import type { ModelKind } from '@netloom/domain';
import { hash32 } from '../rng';

export const SN_PREFIX = 'NLS';

/** Two-letter type code of each model kind, as it appears in simulated serial numbers. */
export const TYPE_CODES: Record<ModelKind, string> = {
  v7: 'GW',
  router: 'RT',
  wrouter: 'WR',
  mesh: 'MS',
  ap: 'AP',
  switch: 'SW',
  cpe: 'CP',
  nvr: 'NV',
  ipc: 'IC',
};

export function seedTag(seed: number): string {
  return (hash32(`netloom-sim:${seed}`) % 36 ** 4).toString(36).toUpperCase().padStart(4, '0');
}

export function simSerial(kind: ModelKind, seed: number, index: number): string {
  return `${SN_PREFIX}${TYPE_CODES[kind]}${seedTag(seed)}${String(index).padStart(7, '0')}`;
}

/** The model kind a simulated serial number names, or undefined for any other serial number. */
export function kindOfSerial(sn: string): ModelKind | undefined {
  if (!sn.startsWith(SN_PREFIX)) return undefined;
  const code = sn.slice(SN_PREFIX.length, SN_PREFIX.length + 2);
  return (Object.keys(TYPE_CODES) as ModelKind[]).find((k) => TYPE_CODES[k] === code);
}

function macFrom(prefix: string, n: number): string {
  const hex = (n & 0xffffff).toString(16).toUpperCase().padStart(6, '0');
  return `${prefix}:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

/** Management MAC of a device: a fixed vendor prefix and 24 bits derived from its SN. */
export function deviceMac(sn: string): string {
  return macFrom('3C:52:A1', hash32(sn));
}

/** A client MAC from a vendor prefix (or a locally administered one) and a seed string. */
export function clientMac(oui: string, key: string): string {
  return macFrom(oui, hash32(key));
}

/** Management IPv4 of host `host` (1–254) of site `site`: 10.{site/256}.{site%256}.{host}. */
export function siteIp(site: number, host: number): string {
  const s = site % 65536;
  return `10.${s >> 8}.${s & 255}.${host}`;
}
