/**
 * The routing table a gateway answers `routeTable` with (§7.2): the connected LAN and VLAN
 * interfaces, the WAN's connected segment and the default route via the WAN gateway, then the
 * static routes of the applied configuration, each on the interface whose segment holds its next
 * hop (the WAN when none does).
 */
import { formatIpv4, ipv4Network, maskToPrefix, parseIpv4, segmentRange } from '@netloom/domain';
import type { RouteRow } from '@netloom/protocol';
import type { Unit } from './unit';
import { wanAddress, wanName } from './wan';

const LAN_MASK = '255.255.255.0';

function networkOf(ip: string, mask: string): string {
  const n = parseIpv4(ip);
  const prefix = maskToPrefix(mask);
  return n === null || prefix === null ? ip : formatIpv4(ipv4Network(n, prefix));
}

function contains(seg: { ip: string; mask: string }, ip: string): boolean {
  const r = segmentRange(seg.ip, seg.mask);
  const n = parseIpv4(ip);
  return r !== null && n !== null && n >= r.start && n <= r.end;
}

export function routeTable(d: Unit): RouteRow[] {
  const net = d.network;
  const lan = net?.lan ?? { ip: d.ip, mask: LAN_MASK };
  const wan = wanAddress(d.lease, net);
  const wanIf = wan ? wanName(d.model, wan.port) : 'WAN1';
  const interfaces: { name: string; ip: string; mask: string }[] = [
    { name: 'LAN', ...lan },
    ...(net?.vlans ?? []).map((v) => ({ name: `VLAN${v.id}`, ip: v.ip, mask: v.mask })),
    ...(wan ? [{ name: wanIf, ip: wan.ip, mask: wan.mask }] : []),
  ];
  const rows: RouteRow[] = interfaces.map((i) => ({
    destination: networkOf(i.ip, i.mask),
    mask: i.mask,
    gateway: '0.0.0.0',
    interface: i.name,
    metric: 0,
    type: 'connected',
  }));
  if (wan?.gateway)
    rows.push({
      destination: '0.0.0.0',
      mask: '0.0.0.0',
      gateway: wan.gateway,
      interface: wanIf,
      metric: 0,
      type: 'default',
    });
  for (const r of net?.staticRoutes ?? []) {
    // `nextHop` is one address or a range `a-b`; the table shows the first.
    const hop = r.nextHop.split('-')[0]?.trim() ?? r.nextHop;
    const via = interfaces.find((i) => contains(i, hop));
    rows.push({
      destination: r.destination,
      mask: r.mask,
      gateway: hop,
      interface: via?.name ?? wanIf,
      metric: 1,
      type: 'static',
    });
  }
  return rows.slice(0, 1024);
}
