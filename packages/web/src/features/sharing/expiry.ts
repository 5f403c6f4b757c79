/** The expiry field's values ⇄ domain `ShareExpiry`, and how an end is shown. */
import { formatDuration, type ShareExpiry, type ShareExpiryKind } from '@netloom/domain';
import type { Dayjs } from 'dayjs';

const MINUTE_S = 60;

export interface ExpiryValue {
  kind: ShareExpiryKind;
  hours: number;
  at: Dayjs | null;
}

export function toShareExpiry(v: ExpiryValue): ShareExpiry {
  if (v.kind === 'never') return { kind: 'never' };
  if (v.kind === 'hours') return { kind: 'hours', hours: v.hours };
  return { kind: 'custom', at: (v.at?.toDate() ?? new Date()).toISOString() };
}

/** "Never", "Expired", or the date and what is left ("27 Nov 2026, 14:05 · in 3h 2m"). */
export function describeExpiry(expiresAt: string | null, expired: boolean, now: number): string {
  if (expiresAt === null) return 'Never expires';
  const at = new Date(expiresAt);
  const when = at.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  if (expired || at.getTime() <= now) return `Expired ${when}`;
  const left = Math.round((at.getTime() - now) / 1000);
  return `${when} · ${left < MINUTE_S ? 'less than a minute left' : `in ${formatDuration(left)}`}`;
}
