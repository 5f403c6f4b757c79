import type { NetworkSettings } from '@netloom/domain';

/** Which editor is open on a rule page: none, a new item, or the item at `index`. */
export type Editing = { index: number | null } | null;

/** The list with `item` at `index` (null: appended). */
export function putAt<T>(list: readonly T[], index: number | null, item: T): T[] {
  if (index === null || index >= list.length) return [...list, item];
  return list.map((x, i) => (i === index ? item : x));
}

/** The list without the item at `index`. */
export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** The path prefix of the edited item: `vlans.3`, or the next index for a new one. */
export function itemPrefix(
  key: keyof NetworkSettings,
  list: readonly unknown[],
  index: number | null,
): string {
  return `${key}.${index ?? list.length}`;
}

/** A number from an optional form number (blank → NaN, which the domain's rules refuse with a message). */
export function num(value: number | null | undefined): number {
  return typeof value === 'number' ? value : Number.NaN;
}

/** Trimmed text from an optional form value. */
export function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}
