import type { NetworkSettings } from '@netloom/domain';
import { Form } from 'antd';
import { itemPrefix, putAt } from './items';
import { useItemValidation } from './itemValidation';
import type { RuleListKey } from './RuleList';
import type { RuleDialogProps } from './RuleModal';

type Rule<K extends RuleListKey> = NetworkSettings[K][number];

interface RuleItemOptions<K extends RuleListKey, V> {
  list: K;
  /** Item-relative paths of the fields the dialog shows. */
  fields: readonly string[];
  /** The rule from the form's values. */
  toItem(values: V): Rule<K>;
  /** The document with the rule in place; by default the rule at its index (a new one: appended). */
  build?(settings: NetworkSettings, index: number | null, rule: Rule<K>): NetworkSettings;
}

/**
 * The state of a network rule dialog: its form, the rule it edits (none for a new one), the
 * domain's validation of the candidate document, and what the dialog frame (`RuleModal`) takes.
 */
export function useRuleItem<K extends RuleListKey, V>(
  { editor, index, onClose }: RuleDialogProps,
  { list, fields, toItem, build }: RuleItemOptions<K, V>,
) {
  const [form] = Form.useForm<V>();
  const { settings } = editor;
  const rules = settings[list] as readonly Rule<K>[];
  const current = index === null ? undefined : rules[index];
  const validation = useItemValidation(editor, form, {
    prefix: itemPrefix(list, rules, index),
    fields,
    build: (v) =>
      build ? build(settings, index, toItem(v)) : { ...settings, [list]: putAt(rules, index, toItem(v)) },
  });
  return { form, current, validation, modal: { form, editor, validation, onClose } };
}
