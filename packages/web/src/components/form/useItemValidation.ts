import { type CodedIssue, canonicalJson } from '@netloom/domain';
import type { FormInstance, FormRule } from 'antd';
import { useMemo, useRef } from 'react';
import { namePath, newIssues, type PlacedIssues } from './itemIssues';

/**
 * Inline validation of a form that edits one item of a settings document, with the domain's rules:
 * the form's values are put into a candidate document, the document's rules run on it, and the
 * issues land on the fields (or above the form when no field holds them) before anything is sent.
 */
export interface ItemValidation<D, F extends string = string> {
  /** The antd rule of a field: the domain's message for it, if any. */
  rule(field: F): FormRule;
  /** Validates every field; the issues that belong to no field (empty when the item is valid). */
  check(): Promise<{ ok: boolean; general: CodedIssue[]; candidate: D }>;
  /** Puts a refusal's issues on the fields; returns those that belong to none. */
  applyServer(issues: readonly CodedIssue[]): CodedIssue[];
  /** Re-validates the fields the user touched (cross-field rules: start/end, bands and names). */
  revalidateTouched(): void;
}

/** How a form's values meet its document's rules. */
export interface ItemRules<V, D, F extends string> {
  /** The document with the form's values in place of the item. */
  build(values: V): D;
  /** Every broken rule of a document (the domain's rules, the server's too). */
  issuesOf(document: D): CodedIssue[];
  /** The saved document: only issues the change causes are the form's. Absent: every issue. */
  saved?: D;
  /** Splits issues into the form's fields and general ones, for the form's current values. */
  place(issues: readonly CodedIssue[], values: V): PlacedIssues<F>;
  /** The fields the form shows for its values (those touched are re-validated on each change). */
  fields(values: V): Iterable<F>;
}

interface Evaluation<D, F extends string> {
  key: string;
  /** The rules it was made with: new rules (a newer saved document) evaluate again. */
  issuesOf: unknown;
  saved: unknown;
  placed: PlacedIssues<F>;
  candidate: D;
}

export function useItemValidation<V, D, F extends string>(
  form: FormInstance<V>,
  rules: ItemRules<V, D, F>,
): ItemValidation<D, F> {
  const latest = useRef(rules);
  latest.current = rules;
  const cache = useRef<Evaluation<D, F> | null>(null);

  return useMemo<ItemValidation<D, F>>(() => {
    const values = () => form.getFieldsValue(true) as V;
    const evaluate = () => {
      const r = latest.current;
      const v = values();
      const candidate = r.build(v);
      const key = canonicalJson(candidate);
      const c = cache.current;
      if (c && c.key === key && c.issuesOf === r.issuesOf && c.saved === r.saved) return c;
      const issues =
        r.saved === undefined ? r.issuesOf(candidate) : newIssues(r.issuesOf, r.saved, candidate);
      const next = { key, issuesOf: r.issuesOf, saved: r.saved, candidate, placed: r.place(issues, v) };
      cache.current = next;
      return next;
    };
    const name = (field: F) => namePath(field) as never;
    return {
      rule: (field) => ({
        validator: async () => {
          const message = evaluate().placed.byField.get(field);
          if (message) throw new Error(message);
        },
      }),
      check: async () => {
        let fieldsOk = true;
        try {
          await form.validateFields();
        } catch {
          fieldsOk = false;
        }
        const { placed, candidate } = evaluate();
        return { ok: fieldsOk && placed.general.length === 0, general: placed.general, candidate };
      },
      applyServer: (issues) => {
        const placed = latest.current.place(issues, values());
        form.setFields([...placed.byField].map(([f, m]) => ({ name: name(f), errors: [m] })));
        return placed.general;
      },
      revalidateTouched: () => {
        const touched = [...latest.current.fields(values())].filter((f) => form.isFieldTouched(name(f)));
        if (touched.length > 0) void form.validateFields(touched.map(name)).catch(() => {});
      },
    };
  }, [form]);
}
