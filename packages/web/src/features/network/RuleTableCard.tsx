import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { NetworkSettings } from '@netloom/domain';
import { App, Button, Card, Empty, Flex, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { RowActionButton } from '../../components/RowActionButton';
import { STICKY_HEADER } from '../../components/table';
import { newIssues } from './itemValidation';
import { RECONNECT_WARNING } from './RuleModal';
import type { NetworkEditor } from './useNetworkEditor';

interface RuleTableCardProps<T> {
  editor: NetworkEditor;
  /** Singular and plural noun: ['VLAN', 'VLANs']. */
  noun: readonly [string, string];
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: TableColumnsType<T>;
  /** The model's maximum (§9: rule counts come from the server). */
  limit: number;
  onAdd(): void;
  /** More actions next to Add (e.g. batch add); they get the same disabled state. */
  extraActions?: (disabled: boolean, reason: string | undefined) => ReactNode;
  /** What to do next when the table is empty. */
  emptyText: string;
  testId: string;
}

/** A card with a rule table: "3 / 16 VLANs", Add (disabled at the model's limit), empty state. */
export function RuleTableCard<T extends object>({
  editor,
  noun,
  rows,
  rowKey,
  columns,
  limit,
  onAdd,
  extraActions,
  emptyText,
  testId,
}: RuleTableCardProps<T>) {
  const full = rows.length >= limit;
  const reason =
    editor.disabledReason ??
    (limit === 0
      ? `This gateway model does not support ${noun[1]}.`
      : full
        ? `This gateway model supports at most ${limit} ${limit === 1 ? noun[0] : noun[1]}: delete one to add another.`
        : undefined);
  const disabled = reason !== undefined;
  const addButton = (testId?: string) => (
    <Tooltip title={reason}>
      <Button type="primary" icon={<PlusOutlined />} disabled={disabled} onClick={onAdd} data-testid={testId}>
        Add {noun[0]}
      </Button>
    </Tooltip>
  );
  return (
    <Card className="nl-table-card nl-net-card" data-testid={testId}>
      <Flex justify="space-between" align="center" gap={12} wrap className="nl-table-toolbar">
        <Typography.Text type="secondary" data-testid={`${testId}-count`}>
          {rows.length} / {limit} {noun[1]}
        </Typography.Text>
        <Flex gap={8} wrap>
          {extraActions?.(disabled, reason)}
          {addButton(`${testId}-add`)}
        </Flex>
      </Flex>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        // Row actions stay in view when a narrow screen scrolls the table.
        columns={columns.map((c) => (c.key === 'actions' ? { ...c, fixed: 'right' as const } : c))}
        dataSource={rows as T[]}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        sticky={STICKY_HEADER}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
              {disabled ? null : addButton()}
            </Empty>
          ),
        }}
      />
    </Card>
  );
}

interface RowActionsProps {
  editor: NetworkEditor;
  label: string;
  onEdit(): void;
  onDelete(): void;
}

/** Edit and Delete of a row, disabled with the reason for read-only and demo projects. */
export function RowActions({ editor, label, onEdit, onDelete }: RowActionsProps) {
  return (
    <Flex gap={4}>
      <RowActionButton
        icon={<EditOutlined />}
        label={`Edit ${label}`}
        tooltip={editor.disabledReason}
        disabled={!editor.canEdit}
        onClick={onEdit}
      >
        Edit
      </RowActionButton>
      <RowActionButton
        danger
        icon={<DeleteOutlined />}
        label={`Delete ${label}`}
        tooltip={editor.disabledReason}
        disabled={!editor.canEdit}
        onClick={onDelete}
      >
        Delete
      </RowActionButton>
    </Flex>
  );
}

export interface DeleteRequest {
  /** What is deleted, e.g. "VLAN 20 (office)". */
  subject: string;
  /** What happens, in one or two sentences. */
  content: string;
  candidate: NetworkSettings;
  warnReconnect?: boolean;
}

/**
 * Deleting a rule saves the document without it. The domain's rules run first: when the deletion
 * would break one (a VLAN a DHCP pool uses, code 131), the user sees why instead of a confirm.
 */
export function useDeleteRule(editor: NetworkEditor) {
  const { modal, message } = App.useApp();
  return ({ subject, content, candidate, warnReconnect = false }: DeleteRequest) => {
    const issues = newIssues(editor, candidate);
    if (issues.length > 0) {
      modal.error({
        title: `${subject.charAt(0).toUpperCase()}${subject.slice(1)} cannot be deleted`,
        content: (
          <ul className="nl-net-issue-list">
            {issues.map((i) => (
              <li key={`${i.path}:${i.message}`}>{i.message}</li>
            ))}
          </ul>
        ),
        okText: 'Close',
      });
      return;
    }
    modal.confirm({
      title: `Delete ${subject}?`,
      content: warnReconnect ? `${content} ${RECONNECT_WARNING}` : content,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const outcome = await editor.save(candidate);
        if (!outcome.ok && outcome.kind === 'issues')
          message.error(outcome.issues[0]?.message ?? 'Not deleted.');
      },
    });
  };
}
