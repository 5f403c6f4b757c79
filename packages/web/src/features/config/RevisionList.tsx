import { RollbackOutlined } from '@ant-design/icons';
import type { ConfigRevision } from '@netloom/domain';
import { Button, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../components/format';
import { AccountName, RevisionChanges } from './logTable';

interface RevisionListProps {
  items: readonly ConfigRevision[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  currentVersion: number;
  selected: number[];
  onSelect(ids: number[]): void;
  onPage(page: number): void;
  /** Why restoring is not possible here (read-only, demo), or null. */
  restoreBlocked: string | null;
  onRestore(r: ConfigRevision): void;
}

/** The versions of one document, newest first; pick up to two to compare, restore any earlier one. */
export function RevisionList(props: RevisionListProps) {
  const { currentVersion, restoreBlocked, onRestore, selected } = props;
  const columns: ColumnsType<ConfigRevision> = [
    {
      key: 'version',
      title: 'Version',
      width: 124,
      render: (_, r) => (
        <Flex gap={6} align="center" wrap={false} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong>v{r.version}</Typography.Text>
          {r.version === currentVersion ? <Tag color="blue">Current</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'when',
      title: 'Saved',
      width: 190,
      render: (_, r) => (
        <div className="nl-revision-when">
          <div>{formatDateTime(r.createdAt)}</div>
          <AccountName account={r.account} secondary maxWidth={170} />
        </div>
      ),
    },
    {
      key: 'summary',
      title: 'Changes',
      render: (_, r) => <RevisionChanges revision={r} />,
    },
    {
      key: 'actions',
      title: '',
      width: 110,
      align: 'right',
      render: (_, r) =>
        r.version === currentVersion ? null : (
          <Tooltip title={restoreBlocked ?? `Save the settings of v${r.version} as a new version`}>
            <Button
              size="small"
              icon={<RollbackOutlined />}
              disabled={restoreBlocked !== null}
              onClick={() => onRestore(r)}
            >
              Restore
            </Button>
          </Tooltip>
        ),
    },
  ];
  return (
    <Table<ConfigRevision>
      className="nl-revision-table"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...props.items]}
      loading={props.loading}
      rowSelection={{
        selectedRowKeys: selected,
        hideSelectAll: true,
        columnTitle: <span className="nl-sr-only">Compare</span>,
        getCheckboxProps: (r) => ({
          disabled: selected.length >= 2 && !selected.includes(r.id),
          'aria-label': `Compare v${r.version}`,
        }),
        onChange: (keys) => props.onSelect(keys.map(Number)),
      }}
      pagination={
        props.total > props.pageSize
          ? {
              current: props.page,
              pageSize: props.pageSize,
              total: props.total,
              size: 'small',
              showSizeChanger: false,
              onChange: props.onPage,
            }
          : false
      }
      locale={{ emptyText: 'No saved versions yet — the factory settings are in use.' }}
    />
  );
}
