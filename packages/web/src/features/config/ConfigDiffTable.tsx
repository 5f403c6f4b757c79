import type { ConfigDiffEntry } from '@netloom/domain';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import './config.css';

const OP_LOOK = {
  added: { color: 'success', label: 'Added' },
  removed: { color: 'error', label: 'Removed' },
  changed: { color: 'processing', label: 'Changed' },
} as const;

const key = (e: ConfigDiffEntry, i: number) => `${i}:${e.op}:${e.path.join('/')}`;

function Value({ value, kind }: { value: string | undefined; kind: 'before' | 'after' }) {
  if (value === undefined || value === '') return <Typography.Text type="secondary">—</Typography.Text>;
  return <span className={`nl-diff-value nl-diff-${kind}`}>{value}</span>;
}

/** The "after" side: the new value, or for whole items added/removed without a value, what happened. */
function After({ entry }: { entry: ConfigDiffEntry }) {
  if (entry.after === undefined && entry.op === 'added')
    return <Typography.Text type="success">New</Typography.Text>;
  if (entry.after === undefined && entry.op === 'removed')
    return <Typography.Text type="danger">Deleted</Typography.Text>;
  return <Value value={entry.after} kind="after" />;
}

const columns: ColumnsType<ConfigDiffEntry> = [
  {
    key: 'op',
    title: 'Change',
    width: 100,
    render: (_, e) => (
      <Tag color={OP_LOOK[e.op].color} data-op={e.op}>
        {OP_LOOK[e.op].label}
      </Tag>
    ),
  },
  {
    key: 'path',
    title: 'Setting',
    width: '36%',
    render: (_, e) => (
      <span className="nl-diff-path">
        {e.path.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: path segments are positional.
          <span key={i}>
            {i > 0 ? <span className="nl-diff-sep"> › </span> : null}
            <span className={i === e.path.length - 1 ? 'nl-diff-leaf' : undefined}>{p}</span>
          </span>
        ))}
      </span>
    ),
  },
  {
    key: 'before',
    title: 'Before',
    width: '27%',
    render: (_, e) => <Value value={e.before} kind="before" />,
  },
  { key: 'after', title: 'After', render: (_, e) => <After entry={e} /> },
];

/** A readable diff: one row per change, "VLANs › Guest (20) › IP address: 192.168.20.1 → 192.168.30.1". */
export function ConfigDiffTable({
  entries,
  loading,
}: {
  entries: readonly ConfigDiffEntry[];
  loading?: boolean;
}) {
  return (
    <Table<ConfigDiffEntry>
      className="nl-diff-table"
      size="small"
      rowKey={(e) => key(e, entries.indexOf(e))}
      rowClassName={(e) => `nl-diff-row-${e.op}`}
      columns={columns}
      dataSource={[...entries]}
      loading={loading}
      pagination={entries.length > 50 ? { pageSize: 50, size: 'small', showSizeChanger: false } : false}
      locale={{ emptyText: 'No differences: both versions hold the same settings.' }}
    />
  );
}
