import { Progress, Table, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface BreakdownRow {
  key: string;
  label: ReactNode;
  detail?: ReactNode;
  count: number;
}

interface BreakdownTableProps {
  /** The first column's heading ("Model"). */
  title: string;
  rows: BreakdownRow[];
  total: number;
  loading: boolean;
  testId: string;
  /** A second text column ("Firmware"). */
  detailTitle?: string;
}

/** One breakdown of the activations: name, count and its share of the total as a bar. */
export function BreakdownTable({ title, rows, total, loading, testId, detailTitle }: BreakdownTableProps) {
  return (
    <Table<BreakdownRow>
      data-testid={testId}
      rowKey="key"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={rows.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
      locale={{ emptyText: 'No activations in this range' }}
      columns={[
        { title, dataIndex: 'label', key: 'label', ellipsis: true },
        ...(detailTitle ? [{ title: detailTitle, dataIndex: 'detail', key: 'detail', width: 110 }] : []),
        {
          title: 'Activations',
          key: 'count',
          width: 210,
          render: (_: unknown, r: BreakdownRow) => (
            <div className="nl-activation-share">
              <Progress
                percent={total > 0 ? (r.count / total) * 100 : 0}
                showInfo={false}
                size="small"
                aria-hidden
              />
              <Typography.Text strong className="nl-activation-count">
                {r.count.toLocaleString('en-US')}
              </Typography.Text>
            </div>
          ),
        },
      ]}
    />
  );
}
