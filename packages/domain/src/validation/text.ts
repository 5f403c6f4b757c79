import { z } from 'zod';
import { NAME_MAX_BYTES, SHORT_NAME_MAX_LENGTH } from '../limits';

/** Emoticons and pictographs (§5 "no emoticons"), including flags and keycaps. */
const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0F}\u{20E3}]/u;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

export function hasEmoji(s: string): boolean {
  return EMOJI.test(s);
}
export function isPrintableAscii(s: string): boolean {
  return PRINTABLE_ASCII.test(s);
}
export function hasOuterSpaces(s: string): boolean {
  return s.length > 0 && s.trim() !== s;
}
/** Bytes of `s` in UTF-8 (as TextEncoder writes it: a lone surrogate is U+FFFD, 3 bytes), counted without encoding. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

export interface TextRules {
  /** Field label used in messages, e.g. "Project name". */
  label: string;
  max: number;
  min?: number;
}

/**
 * The general text rules of §5: not blank, no emoticons, no leading/trailing spaces, a maximum
 * length in characters.
 */
export function textSchema({ label, max, min = 1 }: TextRules) {
  return z.string().superRefine((s, ctx) => {
    const issue = textIssue(s, { label, max, min });
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });
}

/** The first broken text rule as a message, or null. Exported for forms that check as you type. */
export function textIssue(s: string, { label, max, min = 1 }: TextRules): string | null {
  if (min > 0 && s.trim().length === 0) return `${label} is required.`;
  if (hasEmoji(s)) return `${label} cannot contain emoticons.`;
  if (hasOuterSpaces(s)) return `${label} cannot start or end with a space.`;
  const n = [...s].length;
  if (n < min || n > max) {
    return min === max ? `${label} must be ${max} characters.` : `${label} must be ${min}–${max} characters.`;
  }
  return null;
}

/** Optional free text (may be empty) with the same rules when present. */
export function optionalTextSchema(rules: TextRules) {
  return textSchema({ ...rules, min: 0 });
}

/** Name or SSID: 1–32 printable ASCII bytes, no leading/trailing spaces (§5). */
export function asciiNameSchema(label = 'Name', max = NAME_MAX_BYTES) {
  return z.string().superRefine((s, ctx) => {
    const issue = asciiNameIssue(s, label, max);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });
}

export function asciiNameIssue(s: string, label = 'Name', max = NAME_MAX_BYTES): string | null {
  if (s.length === 0) return `${label} is required.`;
  if (hasEmoji(s)) return `${label} cannot contain emoticons.`;
  if (!isPrintableAscii(s)) return `${label} may contain only printable ASCII characters.`;
  if (hasOuterSpaces(s)) return `${label} cannot start or end with a space.`;
  if (utf8Length(s) > max) return `${label} must be 1–${max} characters.`;
  return null;
}

/** Short names: 1–16 characters without spaces or emoticons (§5). */
export function shortNameSchema(label = 'Name', max = SHORT_NAME_MAX_LENGTH) {
  return z.string().superRefine((s, ctx) => {
    const issue = shortNameIssue(s, label, max);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });
}

export function shortNameIssue(s: string, label = 'Name', max = SHORT_NAME_MAX_LENGTH): string | null {
  if (s.length === 0) return `${label} is required.`;
  if (hasEmoji(s)) return `${label} cannot contain emoticons.`;
  if (/\s/.test(s)) return `${label} cannot contain spaces.`;
  if ([...s].length > max) return `${label} must be 1–${max} characters.`;
  return null;
}
