import { HistoryOutlined } from '@ant-design/icons';
import type { ConfigRevision } from '@netloom/domain';
import { Alert, Empty, Skeleton, Table, type TablePaginationConfig, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { STICKY_HEADER } from '../../components/table';

/** Who made a change: the account's nick, or the system (RF optimisation, a restore by the cloud). */
export function AccountName({
  account,
  secondary = false,
  maxWidth,
}: {
  account: { nick: string } | null;
  /** Under another line of the same cell. */
  secondary?: boolean;
  maxWidth?: number;
}) {
  return (
    <Typography.Text
      type={secondary ? 'secondary' : undefined}
      ellipsis={{ tooltip: account?.nick }}
      style={maxWidth === undefined ? undefined : { maxWidth }}
    >
      {account?.nick ?? 'System'}
    </Typography.Text>
  );
}

/** What a version changed, marked when it restored an older one. */
export function RevisionChanges({
  revision: r,
}: {
  revision: Pick<ConfigRevision, 'restoredFrom' | 'summary'>;
}) {
  return (
    <div>
      {r.restoredFrom !== null ? (
        <Tag icon={<HistoryOutlined />} className="nl-revision-restored">
          Restored from v{r.restoredFrom}
        </Tag>
      ) : null}
      <Typography.Paragraph
        ellipsis={{ rows: 2, tooltip: r.summary }}
        className="nl-revision-summary"
        style={{ margin: 0 }}
      >
        {r.summary}
      </Typography.Paragraph>
    </div>
  );
}

interface LogQuery<T> {
  data?: { items: T[]; total: number } | undefined;
  isError: boolean;
  error: Error | null;
  isLoading: boolean;
  isFetching: boolean;
}

interface LogTableProps<T> {
  query: LogQuery<T>;
  columns: ColumnsType<T>;
  pagination(total: number): TablePaginationConfig;
  /** What the empty table says, when it shows one device's entries and when it shows them all. */
  empty: { device: string; project: string };
  /** The table shows one device's entries. */
  filtered: boolean;
}

/** A table of the Log page: one server page of entries, newest first, with its error and empty state. */
export function LogTable<T extends { id: number }>({
  query,
  columns,
  pagination,
  empty,
  filtered,
}: LogTableProps<T>) {
  return (
    <>
      {query.isError ? (
        <Alert type="error" showIcon title={query.error?.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<T>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        scroll={{ x: 900 }}
        sticky={STICKY_HEADER}
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching && !query.isLoading}
        pagination={pagination(query.data?.total ?? 0)}
        locale={{
          emptyText: query.isLoading ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filtered ? empty.device : empty.project}
            />
          ),
        }}
      />
    </>
  );
}
