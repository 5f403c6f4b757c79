import type { CodedIssue, WirelessSettings } from '@netloom/domain';
import type { FormInstance } from 'antd';
import { type ItemValidation, newIssues as newFormIssues, useItemValidation } from '../../components/form';
import {
  type PolicyField,
  type PolicyFormValues,
  placePolicyIssues,
  putPolicy,
  valuesToPolicy,
  visibleFields,
} from './policyForm';
import type { WirelessEditor } from './useWirelessEditor';

/** Issues of `candidate` the saved document does not have already: what this edit causes. */
export function newIssues(editor: WirelessEditor, candidate: WirelessSettings): CodedIssue[] {
  return newFormIssues(editor.issuesOf, editor.settings, candidate);
}

export type PolicyValidation = ItemValidation<WirelessSettings, PolicyField>;

/**
 * Inline validation of the policy at `index` (a new one: the next index) with the domain's
 * `wirelessSettingsIssues`: the form's values are put into a candidate document and the issues
 * under `policies.<index>` land on the visible fields before anything is sent.
 */
export function usePolicyValidation(
  editor: WirelessEditor,
  form: FormInstance<PolicyFormValues>,
  index: number | null,
  policyKey: string,
): PolicyValidation {
  const at = index ?? editor.settings.policies.length;
  return useItemValidation(form, {
    build: (values) => putPolicy(editor.settings, index, valuesToPolicy(values, policyKey)),
    issuesOf: editor.issuesOf,
    saved: editor.settings,
    place: (issues, values) => placePolicyIssues(issues, at, visibleFields(values)),
    fields: visibleFields,
  });
}
