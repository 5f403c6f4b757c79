/**
 * Words for configuration delivery (issue 4 §1): how long a change has waited, and the one-line
 * summary of a document's targets ("Applied on all 4 devices", "2 pending (oldest 3 min)",
 * "1 failed: <catalogue message> — <device's words>"). Pure, so the texts are unit-tested.
 */
import { type ConfigTargetStatus, errorMessage } from '@netloom/domain';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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

export interface DeliverySummary {
  tone: DeliveryTone;
  text: string;
  applied: number;
  pending: number;
  failed: number;
  /** Pending devices that are offline now: they get the change when they reconnect. */
  offlinePending: number;
}

type Target = Pick<
  ConfigTargetStatus,
  'status' | 'pendingSince' | 'failedCode' | 'failedMessage' | 'online' | 'name'
>;

/** The one-line state of a document's delivery at time `now` (epoch ms). */
export function summarizeDelivery(targets: readonly Target[], now: number): DeliverySummary {
  const failed = targets.filter((t) => t.status === 'failed');
  const pending = targets.filter((t) => t.status === 'pending');
  const applied = targets.length - failed.length - pending.length;
  const offlinePending = pending.filter((t) => !t.online).length;
  const counts = { applied, pending: pending.length, failed: failed.length, offlinePending };
  if (targets.length === 0) {
    return { tone: 'none', text: 'No device receives these settings yet', ...counts };
  }
  const parts: string[] = [];
  if (failed.length > 0) {
    const first = failed[0] as Target;
    parts.push(`${failed.length} failed: ${failureReason(first.failedCode, first.failedMessage)}`);
  }
  if (pending.length > 0) {
    const since = pending.map((t) => t.pendingSince).filter((s): s is number => s !== null);
    const oldest = since.length > 0 ? ` (oldest ${formatAge(now - Math.min(...since))})` : '';
    const offline = offlinePending > 0 ? `, ${offlinePending} offline` : '';
    parts.push(`${pending.length} pending${oldest}${offline}`);
  }
  if (parts.length > 0)
    return { tone: failed.length > 0 ? 'failed' : 'pending', text: parts.join(' · '), ...counts };
  const text =
    targets.length === 1
      ? `Applied on ${(targets[0] as Target).name}`
      : `Applied on all ${targets.length} devices`;
  return { tone: 'applied', text, ...counts };
}
