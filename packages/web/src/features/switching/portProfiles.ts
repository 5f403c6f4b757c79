/**
 * Port profiles on a switch's port page, pure: applying a profile to the selected ports of the
 * draft (the domain's `applyProfile`, PoE skipped where a port has none), detaching, and which
 * edits detach a port from its profile (an edit of a field the profile governs).
 */
import {
  applyProfile,
  type PortProfile,
  type PortSettings,
  poeSkipped,
  type SwitchConfigView,
  type SwitchSettings,
  withoutProfile,
} from '@netloom/domain';
import type { PortPatch } from './portEdits';

/** The port fields a profile sets: editing one of them on a following port detaches it. */
export const PROFILE_FIELDS: ReadonlySet<keyof PortPatch> = new Set([
  'enabled',
  'type',
  'untagged',
  'tagged',
  'poe',
  'loopGuard',
]);

export function patchDetaches(patch: PortPatch): boolean {
  return Object.keys(patch).some((k) => PROFILE_FIELDS.has(k as keyof PortPatch));
}

/** What applying did: the new settings and the ports whose PoE was skipped (labels). */
export interface ProfileApplied {
  settings: SwitchSettings;
  poeSkipped: string[];
}

/** The draft with `profile` applied to the ports `ids` (or detached: null, keeping their settings). */
export function applyProfileToPorts(
  settings: SwitchSettings,
  ids: readonly number[],
  profile: PortProfile | null,
  view: Pick<SwitchConfigView, 'ports' | 'projectVlans'>,
): ProfileApplied {
  const chosen = new Set(ids);
  const projectVlans = view.projectVlans.map((v) => v.id);
  const skipped: string[] = [];
  const ports = settings.ports.map((port): PortSettings => {
    if (!chosen.has(port.id)) return port;
    if (!profile) return withoutProfile(port);
    const spec = view.ports.find((s) => s.id === port.id);
    if (spec && poeSkipped(profile, spec)) skipped.push(spec.label);
    return applyProfile(port, profile, { spec, projectVlans });
  });
  return { settings: { ...settings, ports }, poeSkipped: skipped };
}

/** The ports with `patch` applied; a patch of a governed field detaches the ports it touches. */
export function detachIfGoverned(
  settings: SwitchSettings,
  ids: readonly number[],
  patch: PortPatch,
): SwitchSettings {
  if (!patchDetaches(patch)) return settings;
  const chosen = new Set(ids);
  return { ...settings, ports: settings.ports.map((p) => (chosen.has(p.id) ? withoutProfile(p) : p)) };
}

/** "PoE is skipped on port 9: it cannot supply power." */
export function poeSkippedText(labels: readonly string[]): string {
  return labels.length === 1
    ? `PoE is skipped on port ${labels[0]}: it cannot supply power.`
    : `PoE is skipped on ports ${labels.join(', ')}: they cannot supply power.`;
}
