/**
 * CPE bridges: a pair of units linking two places over the air. The near end (cabled) starts as
 * the access point of the bridge, the far end as its client. An AP-mode CPE beacons its bridge
 * network (the `bridge` document's bridge name, else `NL-Bridge-<last 4 of the SN>`); every CPE
 * beacons its management Wi-Fi. A client-mode CPE is linked (`state.cpe.bridge` `connected`) when
 * its peer is powered, in AP mode, on a band it has and — once a `bridge` document names an uplink
 * — that uplink's BSSID or SSID is the peer's bridge network. `cpeMode` clears the bridge group and
 * restarts the unit (about 2 simulated minutes) in the new mode.
 */
import { CPE_MODE_SWITCH_SECONDS, ERR, NAME_MAX_BYTES } from '@netloom/domain';
import type { Body, CommandMessage, FullStateMessage } from '@netloom/protocol';
import type { PlannedDevice } from '../plan/types';
import { bridgeBssid, bridgeSsid } from './radioNames';
import type { Unit } from './unit';
import { heard } from './wireless';

/** Simulated ms a mode change keeps the unit offline: the spec's "about 2 minutes". */
export const CPE_RESTART_SIM_MS = CPE_MODE_SWITCH_SECONDS * 1000;

/** The mode a CPE leaves the factory in: the cabled near end is the AP, the far end its client. */
export function defaultCpeMode(plan: PlannedDevice): 'ap' | 'client' {
  return plan.uplink?.kind === 'wireless' ? 'client' : 'ap';
}

/** The other end of its bridge as planned: the CPE above it over the air, or the one below. */
export function cpePeer(d: Unit): Unit | undefined {
  const up = d.plan.uplink;
  if (up && up.kind === 'wireless') {
    const parent = d.fleet.device(up.parent);
    if (parent?.model.kind === 'cpe') return parent;
  }
  for (const i of d.plan.children) {
    const child = d.fleet.device(i);
    if (child?.model.kind === 'cpe' && child.plan.uplink?.kind === 'wireless') return child;
  }
  return undefined;
}

/** The band both ends have, if any (a 5 GHz CPE cannot bridge with a 2.4 GHz one). */
function sharedBand(a: Unit, b: Unit) {
  return a.hardware.radios.find((r) => b.hardware.radios.some((x) => x.band === r.band));
}

/** The peer a client-mode CPE is linked to now, with the signal, or null. */
export function bridgeLink(d: Unit): { peer: Unit; rssi: number } | null {
  if (d.model.kind !== 'cpe' || d.cpeMode !== 'client' || !d.powered) return null;
  const peer = cpePeer(d);
  if (!peer?.powered || peer.cpeMode !== 'ap') return null;
  const radio = sharedBand(peer, d);
  if (!radio) return null;
  const uplink = d.appliedDocument?.bridge?.uplink;
  if (uplink && uplink.bssid.toUpperCase() !== bridgeBssid(peer) && uplink.ssid !== bridgeSsid(peer))
    return null;
  const rssi = heard(peer, d, radio.txPower, radio.band);
  if (rssi < -90) return null;
  return { peer, rssi: Math.max(-95, Math.min(-20, rssi)) };
}

/** `state.cpe`. */
export function cpeState(d: Unit): NonNullable<FullStateMessage['cpe']> {
  if (d.cpeMode === 'ap') {
    // The AP end is bridged while its peer (a client-mode CPE) is linked to it.
    const peer = cpePeer(d);
    const link = peer ? bridgeLink(peer) : null;
    return link && link.peer === d
      ? { mode: 'ap', bridge: 'connected', peerSn: peer?.sn, ssid: bridgeSsid(d), rssi: link.rssi }
      : { mode: 'ap', bridge: 'none', ssid: bridgeSsid(d) };
  }
  const link = bridgeLink(d);
  if (!link) {
    const wanted = d.appliedDocument?.bridge?.uplink?.ssid;
    return { mode: 'client', bridge: 'none', ...(wanted ? { ssid: wanted.slice(0, NAME_MAX_BYTES) } : {}) };
  }
  return {
    mode: 'client',
    bridge: 'connected',
    peerSn: link.peer.sn,
    ssid: bridgeSsid(link.peer),
    rssi: link.rssi,
  };
}

/**
 * `cpeMode {mode}`: progress `clearing` → `restarting`, the reply, then a restart of about two
 * simulated minutes into the new mode. Asking for the mode it is in answers at once.
 */
export function cpeMode(d: Unit, cmd: CommandMessage, reply: (b: Body<'reply'>) => void): void {
  const mode = cmd.args.mode;
  if (mode !== 'ap' && mode !== 'client') {
    reply({ id: cmd.id, ok: false, code: ERR.INVALID_PARAMETERS, message: 'args.mode must be ap or client' });
    return;
  }
  if (mode === d.cpeMode) {
    reply({ id: cmd.id, ok: true, message: `already in ${mode} mode` });
    return;
  }
  d.running.add(cmd.id);
  d.send('progress', { id: cmd.id, stage: 'clearing', percent: 30 });
  d.fleet.scheduler.after(Math.max(50, d.fleet.clock.toReal(3_000)), () => {
    d.running.delete(cmd.id);
    if (!d.online) return;
    d.send('progress', { id: cmd.id, stage: 'restarting', percent: 90 });
    reply({ id: cmd.id, ok: true });
    d.cpeMode = mode;
    d.restart('reboot', CPE_RESTART_SIM_MS * d.jitter(0.1));
  });
}
