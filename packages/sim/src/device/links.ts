/**
 * What a unit's applied port settings do to the units below it. A disabled port takes the link of
 * the unit behind it down (it stays powered, but cannot reach the cloud); PoE switched off on a
 * port — or a PoE limit below what the unit draws — takes its power. Whatever cuts a unit also
 * cuts everything behind it: the cameras of a switch without link lose their link too, the PoE
 * units of a switch without power lose their power. Re-enabling a port brings them back.
 */
import type { PortSettings } from '@netloom/domain';
import type { Cut, Unit } from './unit';

/** The applied settings of one port, or undefined for factory settings (enabled, auto, PoE on). */
export function portSettings(d: Unit, port: number): PortSettings | undefined {
  return d.portSettings.get(port);
}

/** The condition the parent's own condition and port settings put `child` in. */
export function cutFor(child: Unit): Cut {
  const up = child.plan.uplink;
  const parent = up ? child.fleet.device(up.parent) : undefined;
  if (!up || !parent) return null;
  const poweredByParent = up.kind === 'wired' && child.plan.poeWatts > 0;
  if (parent.cut === 'power') return poweredByParent ? 'power' : 'link';
  const s = up.kind === 'wired' && up.port !== undefined ? portSettings(parent, up.port) : undefined;
  if (poweredByParent && s && (!s.poe || (s.poeLimitWatts > 0 && s.poeLimitWatts < child.plan.poeWatts)))
    return 'power';
  if (parent.cut === 'link' || (s && !s.enabled)) return 'link';
  return null;
}

/** Re-evaluates every unit below `d` after its ports or its own condition changed. */
export function propagateLinks(d: Unit): void {
  for (const i of d.plan.children) {
    const child = d.fleet.device(i);
    if (!child) continue;
    child.setCut(cutFor(child));
    propagateLinks(child);
  }
}
