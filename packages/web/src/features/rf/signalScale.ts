/**
 * The signal scale of the roaming card as data: where the access threshold and each band's roam
 * point sit on a −100…−30 dBm line, and the zones between them (refused, nudged to roam, stays).
 */
import type { RfSettings } from '@netloom/domain';

export const SCALE_MIN_DBM = -100;
export const SCALE_MAX_DBM = -30;

/** Position of a signal on the scale, 0–100 (%), clamped. */
export function scalePercent(dbm: number): number {
  if (!Number.isFinite(dbm)) return 0;
  const p = ((dbm - SCALE_MIN_DBM) / (SCALE_MAX_DBM - SCALE_MIN_DBM)) * 100;
  return Math.min(100, Math.max(0, p));
}

export interface ScaleMarker {
  key: 'access' | 'roam24' | 'roam5';
  dbm: number;
  percent: number;
  label: string;
}

export interface ScaleZone {
  key: 'refused' | 'roam' | 'stay';
  from: number;
  to: number;
  label: string;
}

/** The label a zone of this width (% of the scale) has room for: full, short, or none. */
export function zoneLabel(z: ScaleZone): string {
  const width = z.to - z.from;
  if (width >= 20) return z.label;
  if (width >= 11) return z.key === 'roam' ? 'Roam' : z.key === 'refused' ? 'Refused' : z.label;
  return '';
}

export interface SignalScaleModel {
  markers: ScaleMarker[];
  zones: ScaleZone[];
  /** The roam threshold drawn from the 2.4 GHz roam point: a target AP must be at least this strong. */
  roamTarget: { fromPercent: number; toPercent: number; dbm: number; margin: number } | null;
}

const finite = (n: number, fallback: number) => (Number.isFinite(n) ? n : fallback);

export function signalScale(s: Pick<RfSettings, 'accessThreshold' | 'roaming'>): SignalScaleModel {
  const access = finite(s.accessThreshold, SCALE_MIN_DBM);
  const markers: ScaleMarker[] = [
    { key: 'access', dbm: access, percent: scalePercent(access), label: 'Access threshold' },
  ];
  const zones: ScaleZone[] = [];
  const accessP = scalePercent(access);
  if (accessP > 0) zones.push({ key: 'refused', from: 0, to: accessP, label: 'Refused' });
  if (!s.roaming.enabled) {
    zones.push({ key: 'stay', from: accessP, to: 100, label: 'Connected' });
    return { markers, zones, roamTarget: null };
  }
  const r24 = finite(s.roaming.signalThreshold24, access);
  const r5 = finite(s.roaming.signalThreshold5, access);
  markers.push(
    { key: 'roam24', dbm: r24, percent: scalePercent(r24), label: '2.4 GHz roam point' },
    { key: 'roam5', dbm: r5, percent: scalePercent(r5), label: '5 GHz roam point' },
  );
  const roamEdge = Math.max(accessP, scalePercent(Math.max(r24, r5)));
  if (roamEdge > accessP) zones.push({ key: 'roam', from: accessP, to: roamEdge, label: 'Nudged to roam' });
  zones.push({ key: 'stay', from: roamEdge, to: 100, label: 'Stays' });
  const margin = finite(s.roaming.roamThreshold, 0);
  const target = r24 + margin;
  return {
    markers,
    zones,
    roamTarget: { fromPercent: scalePercent(r24), toPercent: scalePercent(target), dbm: target, margin },
  };
}
