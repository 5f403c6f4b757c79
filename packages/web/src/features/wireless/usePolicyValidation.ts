import { type CodedIssue, canonicalJson, type WirelessSettings } from '@netloom/domain';
import type { FormInstance, FormRule } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import {
  type PlacedIssues,
  type PolicyField,
  type PolicyFormValues,
  placePolicyIssues,
  putPolicy,
  valuesToPolicy,
  visibleFields,
} from './policyForm';
import type { WirelessEditor } from './useWirelessEditor';

const issueKey = (i: CodedIssue) => `${i.path}\u0000${i.message}`;

/** Issues of `candidate` the saved document does not have already: what this edit causes. */
export function newIssues(editor: WirelessEditor, candidate: WirelessSettings): CodedIssue[] {
  const before = new Set(editor.issuesOf(editor.settings).map(issueKey));
  return editor.issuesOf(candidate).filter((i) => !before.has(issueKey(i)));
}

export interface PolicyValidation {
  /** The antd rule of a field: the domain's message for it, if any. */
  rule(field: PolicyField): FormRule;
  /** Validates every field; `general` are issues that belong to no visible field. */
  check(): Promise<{ ok: boolean; general: CodedIssue[]; candidate: WirelessSettings }>;
  /** Puts a refusal's issues on the fields; returns those that belong to none. */
  applyServer(issues: readonly CodedIssue[]): CodedIssue[];
  /** Re-validates fields the user touched (cross-field rules: bands and names, mode and password). */
  revalidateTouched(): void;
}

/**
 * Inline validation of the policy at `index` (a new one: the next index) with the domain's
 * `wirelessSettingsIssues`: the form's values are put into a candidate document and the issues
 * under `policies.<index>` land on the fields before anything is sent.
 */
export function usePolicyValidation(
  editor: WirelessEditor,
  form: FormInstance<PolicyFormValues>,
  index: number | null,
  policyKey: string,
): PolicyValidation {
  const at = index ?? editor.settings.policies.length;
  const cache = useRef<{ key: string; placed: PlacedIssues; candidate: WirelessSettings } | null>(null);

  const evaluate = useCallback(() => {
    const values = form.getFieldsValue(true) as PolicyFormValues;
    const candidate = putPolicy(editor.settings, index, valuesToPolicy(values, policyKey));
    const k = canonicalJson(candidate);
    if (cache.current?.key !== k) {
      cache.current = {
        key: k,
        candidate,
        placed: placePolicyIssues(newIssues(editor, candidate), at, visibleFields(values)),
      };
    }
    return cache.current;
  }, [form, editor, index, at, policyKey]);

  return useMemo<PolicyValidation>(
    () => ({
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
        const values = form.getFieldsValue(true) as PolicyFormValues;
        const placed = placePolicyIssues(issues, at, visibleFields(values));
        form.setFields([...placed.byField].map(([name, m]) => ({ name, errors: [m] })));
        return placed.general;
      },
      revalidateTouched: () => {
        const values = form.getFieldsValue(true) as PolicyFormValues;
        const touched = [...visibleFields(values)].filter((f) => form.isFieldTouched(f));
        if (touched.length > 0) void form.validateFields(touched).catch(() => {});
      },
    }),
    [evaluate, form, at],
  );
}
