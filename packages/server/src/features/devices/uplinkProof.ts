import type { PortState, Uplink } from '@netloom/protocol';

/** What a parent reports of the devices linked to it (its latest full `state`). */
export interface ParentReport {
  ports?: readonly Pick<PortState, 'id' | 'neighbour'>[];
  peers?: readonly string[];
}

/** A device that names a parent as its uplink. */
export interface Newcomer {
  sn: string;
  /** Its `hello.mac` (upper case), when known. */
  mac: string | null;
  uplink: Pick<Uplink, 'kind' | 'port'> | null;
}

const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * The uplink proof of docs/protocol.md §6.2: a newcomer is under the parent it names only when the
 * parent says so — the `neighbour` of one of its ports (by SN, or by MAC equal to the newcomer's
 * `hello.mac`; on the named port when the newcomer names one) for a wired uplink, its `peers` for a
 * wireless or mesh one. What the newcomer says of itself proves nothing.
 */
export function uplinkProven(parent: ParentReport | undefined, child: Newcomer): boolean {
  if (!parent || !child.uplink) return false;
  if (child.uplink.kind === 'wired') {
    const port = child.uplink.port;
    return (parent.ports ?? []).some(
      (p) =>
        (port === undefined || p.id === port) &&
        p.neighbour !== undefined &&
        (same(p.neighbour.sn, child.sn) || (child.mac !== null && same(p.neighbour.mac, child.mac))),
    );
  }
  return (parent.peers ?? []).some((sn) => same(sn, child.sn));
}

/** The serial numbers and MACs a device reports linked to it, as one comparable key ('' for none). */
export function linkedKey(report: ParentReport): string {
  const out: string[] = [];
  for (const p of report.ports ?? []) {
    if (p.neighbour?.sn) out.push(`${p.id}:${p.neighbour.sn.toLowerCase()}`);
    if (p.neighbour?.mac) out.push(`${p.id}:${p.neighbour.mac}`);
  }
  for (const sn of report.peers ?? []) out.push(`air:${sn.toLowerCase()}`);
  return out.sort().join(',');
}

/** The SNs and MACs a device reports linked to it. */
export function linkedIds(report: ParentReport): { sns: string[]; macs: string[] } {
  const sns = new Set<string>();
  const macs = new Set<string>();
  for (const p of report.ports ?? []) {
    if (p.neighbour?.sn) sns.add(p.neighbour.sn.toLowerCase());
    if (p.neighbour?.mac) macs.add(p.neighbour.mac);
  }
  for (const sn of report.peers ?? []) sns.add(sn.toLowerCase());
  return { sns: [...sns], macs: [...macs] };
}
