import type { NetworkSettings } from '@netloom/domain';
import type { TableColumnsType } from 'antd';
import { type ComponentType, type ReactNode, useState } from 'react';
import type { Editing } from './items';
import type { RuleDialogProps } from './RuleModal';
import { type DeleteRequest, RowActions, RuleTableCard, useDeleteRule } from './RuleTableCard';
import type { NetworkEditor } from './useNetworkEditor';

/** The rule lists of the network document, each limited by the gateway model (`gateway.rules`). */
export type RuleListKey = 'vlans' | 'dhcpPools' | 'staticRoutes' | 'portMappings';
type Rule<K extends RuleListKey> = NetworkSettings[K][number];

interface RuleListProps<K extends RuleListKey> {
  editor: NetworkEditor;
  list: K;
  /** Singular and plural noun: ['VLAN', 'VLANs']. */
  noun: readonly [string, string];
  rowKey(rule: Rule<K>): string;
  /** The columns before Actions. */
  columns: TableColumnsType<Rule<K>>;
  /** How Edit and Delete name a rule ("pool office"). */
  label(rule: Rule<K>): string;
  /** What deleting the rule at `index` says and saves. */
  deletion(rule: Rule<K>, index: number): DeleteRequest;
  /** The add/edit dialog of one rule. */
  Dialog: ComponentType<RuleDialogProps>;
  /** More actions next to Add (e.g. batch add). */
  extraActions?: (disabled: boolean, reason: string | undefined) => ReactNode;
  emptyText: string;
  testId: string;
}

/** One rule list of a network page: the table with Edit and Delete per rule, and its dialog. */
export function RuleList<K extends RuleListKey>(props: RuleListProps<K>) {
  const { editor, list, columns, label, deletion, Dialog } = props;
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useDeleteRule(editor);
  const rules = editor.settings[list] as readonly Rule<K>[];
  const actions: TableColumnsType<Rule<K>>[number] = {
    title: 'Actions',
    key: 'actions',
    width: 170,
    render: (_, rule) => {
      const index = rules.indexOf(rule);
      return (
        <RowActions
          editor={editor}
          label={label(rule)}
          onEdit={() => setEditing({ index })}
          onDelete={() => confirmDelete(deletion(rule, index))}
        />
      );
    },
  };
  return (
    <>
      <RuleTableCard<Rule<K>>
        editor={editor}
        noun={props.noun}
        rows={rules}
        rowKey={props.rowKey}
        limit={editor.view.gateway?.rules[list] ?? 0}
        onAdd={() => setEditing({ index: null })}
        extraActions={props.extraActions}
        emptyText={props.emptyText}
        testId={props.testId}
        columns={[...columns, actions]}
      />
      {editing ? <Dialog editor={editor} index={editing.index} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
