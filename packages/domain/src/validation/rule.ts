import { z } from 'zod';

/**
 * Attaches an `xxxIssue` function to a zod schema so that the form (calling the function while the
 * user types) and the server (parsing with the schema) give the same message.
 */
export function refineWithIssue<S extends z.ZodType>(
  schema: S,
  issue: (value: z.output<S>) => string | null,
) {
  return schema.superRefine((value, ctx) => {
    const message = issue(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

/** A whole-number rule: a label for messages and inclusive bounds. */
export interface IntegerRule {
  /** Field label used in messages, e.g. "Transmit power". */
  label: string;
  min: number;
  max: number;
  /** Unit appended to the range in messages, e.g. "minutes". */
  unit?: string;
}

const INTEGER_TEXT = /^-?\d+$/;

/**
 * Parses a whole number typed in a form (string) or sent as JSON (number). Returns null for blanks,
 * decimals, exponents and anything else that is not plainly an integer.
 */
export function parseInteger(value: string | number): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  const s = value.trim();
  if (!INTEGER_TEXT.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

/** Whether a form value is blank (empty string or only spaces). */
export function isBlank(value: string | number | null | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** "from -90 to -60 dBm": the range part of integer messages. */
export function rangeText({ min, max, unit }: IntegerRule): string {
  return `from ${min} to ${max}${unit ? ` ${unit}` : ''}`;
}

/** The first broken whole-number rule as a message, or null. */
export function integerIssue(value: string | number | null | undefined, rule: IntegerRule): string | null {
  if (isBlank(value)) return `${rule.label} is required.`;
  const n = parseInteger(value as string | number);
  if (n === null) return `${rule.label} must be a whole number.`;
  if (n < rule.min || n > rule.max) return `${rule.label} must be ${rangeText(rule)}.`;
  return null;
}

/** JSON number schema for an integer rule, with the same messages as `integerIssue`. */
export function integerSchema(rule: IntegerRule) {
  return refineWithIssue(z.number({ error: `${rule.label} must be a number.` }), (n) =>
    integerIssue(n, rule),
  );
}

/** A pair of positions holding the same key (0-based indexes, `first < second`). */
export interface Duplicate {
  key: string;
  first: number;
  second: number;
}

/**
 * The first repeated key in a list, or null. Items whose key is null are ignored (they are invalid
 * for another reason and reported by their own rule).
 */
export function findDuplicate<T>(items: readonly T[], key: (item: T) => string | null): Duplicate | null {
  const seen = new Map<string, number>();
  for (const [i, item] of items.entries()) {
    const k = key(item);
    if (k === null) continue;
    const first = seen.get(k);
    if (first !== undefined) return { key: k, first, second: i };
    seen.set(k, i);
  }
  return null;
}

/** Every repeated key: each later position paired with the first position of its key. */
export function findDuplicates<T>(items: readonly T[], key: (item: T) => string | null): Duplicate[] {
  const seen = new Map<string, number>();
  const out: Duplicate[] = [];
  for (const [i, item] of items.entries()) {
    const k = key(item);
    if (k === null) continue;
    const first = seen.get(k);
    if (first === undefined) seen.set(k, i);
    else out.push({ key: k, first, second: i });
  }
  return out;
}

/** An issue found in one item of a list, for tables and batch forms. */
export interface ItemIssue {
  /** 0-based position in the list given. */
  index: number;
  /** The field of the item the message is about, e.g. "name". */
  field: string;
  message: string;
}
