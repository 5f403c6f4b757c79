import type { CodedIssue, NetworkSettings } from '@netloom/domain';
import type { FormInstance } from 'antd';
import {
  type ItemValidation as FormItemValidation,
  newIssues as newFormIssues,
  placeIssues,
  useItemValidation as useFormItemValidation,
} from '../../components/form';
import type { NetworkEditor } from './useNetworkEditor';

/** The validation of a form over the network document. */
export type ItemValidation = FormItemValidation<NetworkSettings>;

/** Issues of `candidate` that the saved document does not have already (what this change causes). */
export function newIssues(editor: NetworkEditor, candidate: NetworkSettings): CodedIssue[] {
  return newFormIssues(editor.issuesOf, editor.settings, candidate);
}

interface NetworkItemOptions<V> {
  /** The item's path in the document, e.g. `vlans.3` (a new item: the next index); '' for the root. */
  prefix: string;
  /** Item-relative paths of the fields the form shows, e.g. ['id', 'name', 'ip', 'mask', 'dhcp']. */
  fields: readonly string[];
  /** The document with the form's values in place of the item. */
  build: (values: V) => NetworkSettings;
}

/**
 * Inline validation of one item of the network document (a VLAN, a pool, a route…) with
 * `networkSettingsIssues`: the issues the change causes under the item's path (`vlans.3`) land on
 * its fields; those it causes elsewhere (a count limit, a reference) are shown above the form.
 */
export function useItemValidation<V>(
  editor: NetworkEditor,
  form: FormInstance<V>,
  { prefix, fields, build }: NetworkItemOptions<V>,
): ItemValidation {
  return useFormItemValidation(form, {
    build,
    issuesOf: editor.issuesOf,
    saved: editor.settings,
    place: (issues) => placeIssues(issues, prefix, fields),
    fields: () => fields,
  });
}
