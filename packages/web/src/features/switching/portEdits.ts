import {
  type LivePort,
  PORT_SPEEDS,
  type PortSettings,
  type PortSpeed,
  type SwitchConfigView,
  type SwitchRuleContext,
  type SwitchSettings,
} from '@netloom/domain';
import type { ModelPort } from './portPanelModel';

/**
 * Editing several ports at once: the value they share (or "mixed"), a patch applied to every
 * selected port, and the rule messages that belong to the fields of the selection. Pure.
 */

/** Fields of a port the editor changes (the id never changes). */
export type PortPatch = Partial<Omit<PortSettings, 'id'>>;
export type PortField = keyof PortPatch;

/** The value every port in `ports` has for `key`, or `undefined` when they differ ("mixed"). */
export function commonValue<K extends PortField>(
  ports: readonly PortSettings[],
  key: K,
): PortSettings[K] | undefined {
  const first = ports[0];
  if (!first) return undefined;
  const v = first[key];
  const same = ports.every((p) => JSON.stringify(p[key]) === JSON.stringify(v));
  return same ? v : undefined;
}

/** `settings` with `patch` applied to the ports whose id is in `ids`. */
export function patchPorts(
  settings: SwitchSettings,
  ids: readonly number[],
  patch: PortPatch,
): SwitchSettings {
  const wanted = new Set(ids);
  return {
    ...settings,
    ports: settings.ports.map((p) => (wanted.has(p.id) ? { ...p, ...patch } : p)),
  };
}

/** Fixed speeds a set of ports can all run (auto first), never above the slowest port's maximum. */
export function speedOptions(specs: readonly Pick<ModelPort, 'maxSpeedMbps'>[]): PortSpeed[] {
  const max = specs.length === 0 ? 0 : Math.min(...specs.map((s) => s.maxSpeedMbps));
  return PORT_SPEEDS.filter((s) => s === 'auto' || s <= max);
}

export function speedOptionLabel(s: PortSpeed): string {
  if (s === 'auto') return 'Auto';
  return s >= 1000 ? `${s / 1000} Gbps` : `${s} Mbps`;
}

/** A field's message for the selection: the first selected port with an issue there. */
export interface FieldMessage {
  message: string;
  code: number | null;
}

interface PathIssue {
  path: string;
  message: string;
  code?: number;
}

/**
 * Messages per port field for the selected ports, from issue paths such as `ports.3.tagged` (the
 * index into `settings.ports`). With several ports selected the message names the port.
 */
export function selectionMessages(
  issues: readonly PathIssue[],
  settings: SwitchSettings,
  ids: readonly number[],
): Map<string, FieldMessage> {
  const out = new Map<string, FieldMessage>();
  const wanted = new Set(ids);
  for (const issue of issues) {
    const m = /^ports\.(\d+)(?:\.(.+))?$/.exec(issue.path);
    if (!m) continue;
    const port = settings.ports[Number(m[1])];
    if (!port || !wanted.has(port.id)) continue;
    const field = (m[2] ?? '').split('.')[0] ?? '';
    if (out.has(field)) continue;
    const message = ids.length > 1 ? `Port ${port.id}: ${issue.message}` : issue.message;
    out.set(field, { message, code: issue.code ?? null });
  }
  return out;
}

/** Messages of device-wide fields (`dhcpSnooping`, `led`) and of the document as a whole. */
export function deviceMessages(issues: readonly PathIssue[]): Map<string, FieldMessage> {
  const out = new Map<string, FieldMessage>();
  for (const issue of issues) {
    if (issue.path.startsWith('ports.')) continue;
    const field = issue.path.split('.')[0] ?? '';
    if (!out.has(field)) out.set(field, { message: issue.message, code: issue.code ?? null });
  }
  return out;
}

/** Server issues of a refused save, with paths relative to the settings (`settings.ports.3.tagged` → `ports.3.tagged`). */
export function settingsIssues<I extends PathIssue>(issues: readonly I[]): I[] {
  return issues.map((i) => ({ ...i, path: i.path.replace(/^settings\./, '') }));
}

/** Port ids (not indexes) that have at least one issue: the panel and the table mark them. */
export function portsWithIssues(issues: readonly PathIssue[], settings: SwitchSettings): Set<number> {
  const out = new Set<number>();
  for (const issue of issues) {
    const m = /^ports\.(\d+)/.exec(issue.path);
    const port = m ? settings.ports[Number(m[1])] : undefined;
    if (port) out.add(port.id);
  }
  return out;
}

/** Ports with a link now: EEE is refused on them (416). */
export function portsInUse(live: readonly LivePort[]): number[] {
  return live.filter((l) => l.link === 'up').map((l) => l.id);
}

/** The context the domain's switch rules need, from the view and the model catalogue. */
export function ruleContext(
  view: Pick<SwitchConfigView, 'projectVlans' | 'live' | 'settings' | 'version' | 'device'>,
  model: SwitchRuleContext['model'],
): SwitchRuleContext {
  return {
    model,
    projectVlans: view.projectVlans.map((v) => v.id),
    portsInUse: portsInUse(view.live),
    previous: view.version === 0 ? null : view.settings,
    uplinkPort: view.device.uplinkPort,
  };
}
