/**
 * Where a change stands on its devices, computed once and worded once (issue 10 §1). The save's
 * notification, a settings page's delivery bar, the header's badge and the device list all show
 * `deliveryState` of their devices through `deliveryText`, so they never disagree:
 * "Applied on 7 of 8 · 1 failed — NL-R200".
 */
import { errorMessage } from '../errors/catalogue';
import type { ConfigTargetStatus } from './api';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Failed devices named in the one-line text; more are counted ("NL-R200, AP-2 and 3 more"). */
export const DELIVERY_NAMES_SHOWN = 2;

/** How long something has waited, coarse enough to read at a glance: "< 1 min", "3 min", "2 h 5 min", "3 d". */
export function formatAge(ms: number): string {
  const t = Math.max(0, ms);
  if (t < MINUTE) return '< 1 min';
  if (t < HOUR) return `${Math.floor(t / MINUTE)} min`;
  if (t < DAY) {
    const h = Math.floor(t / HOUR);
    const m = Math.floor((t % HOUR) / MINUTE);
    return m === 0 ? `${h} h` : `${h} h ${m} min`;
  }
  const d = Math.floor(t / DAY);
  const h = Math.floor((t % DAY) / HOUR);
  return h === 0 ? `${d} d` : `${d} d ${h} h`;
}

/** The reason a device refused a version: the catalogue's words for the code, then the device's own. */
export function failureReason(failedCode: number | null, failedMessage: string | null): string {
  const catalogue = failedCode === null ? null : errorMessage(failedCode);
  const device = failedMessage?.trim() || null;
  // "The VLAN overlaps the LAN — VLAN 30 192.168.1.1/24 overlaps": the catalogue's full stop would
  // end the sentence before the device's words.
  if (catalogue && device && device !== catalogue) return `${catalogue.replace(/\.$/, '')} — ${device}`;
  return catalogue ?? device ?? 'The device refused the settings without a reason.';
}

export type DeliveryTone = 'none' | 'applied' | 'pending' | 'failed';

/** What `deliveryState` reads of a device's delivery. */
export type DeliveryTarget = Pick<
  ConfigTargetStatus,
  'deviceId' | 'status' | 'pendingSince' | 'failedCode' | 'failedMessage' | 'online' | 'name'
>;

export interface FailedDelivery {
  deviceId: number;
  name: string;
  reason: string;
}

export interface DeliverySummaryState {
  tone: DeliveryTone;
  total: number;
  applied: number;
  pending: number;
  failed: number;
  /** Pending devices that are offline now: they get the change when they reconnect. */
  offlinePending: number;
  /** Epoch ms the longest-waiting pending device has waited since (null: none pending). */
  oldestPendingSince: number | null;
  /** The devices that refused, in the order given, with the reason in words. */
  failures: FailedDelivery[];
  /** The only device, when there is one (its name reads better than "all 1 devices"). */
  only: string | null;
}

/** The counts and failures of a set of devices' delivery. */
export function deliveryState(targets: readonly DeliveryTarget[]): DeliverySummaryState {
  const failed = targets.filter((t) => t.status === 'failed');
  const pending = targets.filter((t) => t.status === 'pending');
  const since = pending.map((t) => t.pendingSince).filter((s): s is number => s !== null);
  const tone: DeliveryTone =
    targets.length === 0 ? 'none' : failed.length > 0 ? 'failed' : pending.length > 0 ? 'pending' : 'applied';
  return {
    tone,
    total: targets.length,
    applied: targets.length - failed.length - pending.length,
    pending: pending.length,
    failed: failed.length,
    offlinePending: pending.filter((t) => !t.online).length,
    oldestPendingSince: since.length > 0 ? Math.min(...since) : null,
    failures: failed.map((t) => ({
      deviceId: t.deviceId,
      name: t.name,
      reason: failureReason(t.failedCode, t.failedMessage),
    })),
    only: targets.length === 1 ? (targets[0] as DeliveryTarget).name : null,
  };
}

/** "NL-R200", "NL-R200, AP-2", "NL-R200, AP-2 and 3 more". */
function names(failures: readonly FailedDelivery[]): string {
  const shown = failures.slice(0, DELIVERY_NAMES_SHOWN).map((f) => f.name);
  const more = failures.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/**
 * The one line: "Applied on all 8 devices", "Applied on 7 of 8 · 1 failed — NL-R200",
 * "Applied on 5 of 8 · 3 pending (oldest 2 min, 1 offline)". `compact` (the header's badge) leaves
 * out the applied part when something is not applied: "1 failed — NL-R200 · 2 pending".
 */
export function deliveryText(s: DeliverySummaryState, now: number, compact = false): string {
  if (s.tone === 'none') return 'No device receives these settings yet';
  if (s.tone === 'applied')
    return s.only !== null ? `Applied on ${s.only}` : `Applied on all ${s.total} devices`;
  const details: string[] = [];
  if (s.oldestPendingSince !== null)
    details.push(`${s.only === null ? 'oldest ' : ''}${formatAge(now - s.oldestPendingSince)}`);
  if (s.offlinePending > 0) details.push(s.only === null ? `${s.offlinePending} offline` : 'offline');
  const waited = details.length > 0 ? ` (${details.join(', ')})` : '';
  if (s.only !== null) return s.failed > 0 ? `Failed on ${s.only}` : `Pending on ${s.only}${waited}`;
  const parts: string[] = [];
  if (!compact) parts.push(`Applied on ${s.applied} of ${s.total}`);
  if (s.failed > 0) parts.push(`${s.failed} failed — ${names(s.failures)}`);
  if (s.pending > 0) parts.push(`${s.pending} pending${waited}`);
  return parts.join(' · ');
}

/**
 * What to do about a refusal, in words: the device keeps running its previous settings until the
 * cause is fixed; "Retry" sends the same version again (for a cause outside the settings).
 */
export function failureAdvice(s: DeliverySummaryState): string | null {
  if (s.failed === 0) return null;
  const who =
    s.failed === 1
      ? 'The device keeps running the settings it had'
      : 'These devices keep running the settings they had';
  return `${who}. Change what the reason names and save again, or retry once the cause is fixed on site.`;
}
