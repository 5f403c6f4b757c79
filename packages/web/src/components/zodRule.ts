import { PASSWORD_MISMATCH_MESSAGE } from '@netloom/domain';
import type { FormInstance, FormRule as Rule } from 'antd';
import type { ApiError } from '../api/client';

/**
 * The part of a zod schema a form rule needs. Typed structurally so the web does not depend on
 * zod directly: the schema always comes from `@netloom/domain`.
 */
export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * An antd Form rule that runs a domain schema and fails with its first message, so the form shows
 * the same words before submit as the server would after.
 */
export function zodRule(schema: SafeParser): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value.');
    },
  };
}

/**
 * A rule from a domain "issue" function (returns a message or null). Gets the whole form, for
 * rules that depend on another field (e.g. the mobile number depends on the country code).
 */
export function issueRule(check: (value: string, form: FormInstance) => string | null): Rule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const issue = check(typeof value === 'string' ? value : '', form as FormInstance);
      if (issue) throw new Error(issue);
    },
  });
}

/** Confirmation field: must equal `field` (§5), with the domain's mismatch message. */
export function matchRule(field: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== getFieldValue(field)) throw new Error(PASSWORD_MISMATCH_MESSAGE);
    },
  });
}

/**
 * Puts a 400's field issues on the matching form fields (`path` "a.b" → name ['a', 'b']).
 * Returns true when at least one issue landed on a field that exists in the form, so the caller
 * knows whether a general message is still needed.
 */
export function applyServerIssues(form: FormInstance, error: ApiError): boolean {
  // Registered fields (even if still empty) plus everything in the store.
  const known = new Set([
    ...Object.keys((form.getFieldsValue() ?? {}) as Record<string, unknown>),
    ...Object.keys((form.getFieldsValue(true) ?? {}) as Record<string, unknown>),
  ]);
  const fields = error.issues
    .filter((i) => known.has(i.path.split('.')[0] ?? ''))
    .map((i) => ({ name: i.path.split('.'), errors: [i.message] }));
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}
