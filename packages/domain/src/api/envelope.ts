import { z } from 'zod';

/**
 * Every API response carries the spec's numeric `code` (0 = success). Success: `{ code: 0, data }`.
 * Failure: `{ code, message, issues? }` where `message` comes from the error catalogue and
 * `issues` lists field-level problems of a 400 (same messages as the form shows).
 */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), data });
}

export const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  issues: z.array(fieldIssueSchema).optional(),
  /** What some refusals carry for the client to act on (414: the newer version, `ConfigConflict`). */
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const emptySchema = z.object({});
