import { DEVICE_TYPE_LABELS, localTimeIn, WEEKDAY_LABELS } from '@netloom/domain';

/** "Thu 2026-03-12 03:00": an instant on the project's wall clock. */
export function formatInZone(at: number, zone: string): string {
  const t = localTimeIn(at, zone);
  const hm = `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
  return `${WEEKDAY_LABELS[t.weekday]} ${t.date} ${hm}`;
}

/** A device kind in words ("Access point", "Gateway"). */
export function kindLabel(type: string | null): string {
  if (type === null) return '—';
  return (DEVICE_TYPE_LABELS as Record<string, string>)[type] ?? type;
}
