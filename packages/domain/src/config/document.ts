/**
 * The device configuration document (docs/protocol.md §7.1), the envelope every kind renders into.
 * What a device receives is one *device document* rendered from every settings document that
 * applies to it; its protocol `version` increases whenever that rendering changes (compared by the
 * hash of its canonical JSON). Which sections it has is the sum of the kinds' `sections`
 * (composed in `kinds/document.ts`).
 */
import { z } from 'zod';
import type { KindSectionShape } from './kind';

/**
 * The envelope of a device document with these sections. Every section is optional: a device gets
 * the sections that apply to its kind, and ignores sections it does not know (protocol §12).
 */
export function deviceDocumentEnvelope<Sec extends KindSectionShape>(sections: Sec) {
  const optional = Object.fromEntries(Object.entries(sections).map(([k, s]) => [k, s.optional()]));
  return z.looseObject(optional as { [K in keyof Sec]: z.ZodOptional<Sec[K]> });
}

/** JSON with object keys sorted: equal documents give equal strings (hashing, change detection). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
