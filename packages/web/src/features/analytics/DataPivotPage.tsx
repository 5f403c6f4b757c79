import { ReloadOutlined } from '@ant-design/icons';
import {
  canViewDataPivot,
  PIVOT_DEFAULT_DAYS,
  PIVOT_DIMENSION_LABELS,
  PIVOT_DIMENSIONS,
  PIVOT_MEASURE_LABELS,
  PIVOT_MEASURES,
  type PivotDimension,
  type PivotMeasure,
  type PivotTable,
} from '@netloom/domain';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Result,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useAccount } from '../../session/session';
import { usePivot } from './api';
import './analytics.css';

const DIMENSION_OPTIONS = PIVOT_DIMENSIONS.map((d) => ({ value: d, label: PIVOT_DIMENSION_LABELS[d] }));
const MEASURE_OPTIONS = PIVOT_MEASURES.map((m) => ({ value: m, label: PIVOT_MEASURE_LABELS[m] }));
const NO_COLUMNS = 'none';
const DAY = 'YYYY-MM-DD';

type Row = PivotTable['rows'][number];

/** What a dimension's value reads as ("(none)" for an empty value). */
function keyLabel(key: string): string {
  return key === '' ? '(none)' : key;
}

function pivotColumns(table: PivotTable, rows: PivotDimension): TableColumnsType<Row> {
  return [
    {
      key: 'row',
      title: PIVOT_DIMENSION_LABELS[rows],
      dataIndex: 'key',
      fixed: 'left',
      width: 240,
      ellipsis: true,
      render: (k: string) => keyLabel(k),
    },
    ...table.columns.map((c) => ({
      key: `c:${c.key}`,
      title: c.key === 'All' && table.columns.length === 1 ? 'Count' : keyLabel(c.key),
      align: 'right' as const,
      width: 120,
      render: (_: unknown, r: Row) => (r.cells[c.key] ?? 0).toLocaleString(),
    })),
    ...(table.columns.length > 1
      ? [
          {
            key: 'total',
            title: 'Total',
            dataIndex: 'total',
            align: 'right' as const,
            width: 110,
            render: (n: number) => <strong>{n.toLocaleString()}</strong>,
          },
        ]
      : []),
  ];
}

/**
 * Data pivot (§2 named screen; issue 15 §3): the stored analytics events counted by a row and a
 * column dimension (page, event, app version, browser, OS, day) over a range of days, aggregated
 * on the server. Manufacturer role only (the server says 403 too).
 */
export default function DataPivotPage() {
  const { account } = useAccount();
  const allowed = canViewDataPivot(account.role);
  const [rows, setRows] = useState<PivotDimension>('page');
  const [columns, setColumns] = useState<PivotDimension | typeof NO_COLUMNS>('day');
  const [measure, setMeasure] = useState<PivotMeasure>('events');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(PIVOT_DEFAULT_DAYS - 1, 'day'),
    dayjs(),
  ]);
  const query = {
    rows,
    ...(columns === NO_COLUMNS ? {} : { columns }),
    measure,
    from: range[0].format(DAY),
    to: range[1].format(DAY),
  };
  const pivot = usePivot(query, allowed);
  const table = pivot.data;
  const tableColumns = useMemo(() => (table ? pivotColumns(table, rows) : []), [table, rows]);

  if (!allowed)
    return (
      <Result status="403" title="No access" subTitle="Only the manufacturer role sees the data pivot." />
    );

  const columnOptions = [
    { value: NO_COLUMNS, label: 'None (total only)' },
    ...DIMENSION_OPTIONS.filter((o) => o.value !== rows),
  ];

  return (
    <>
      <PageHeader
        title="Data pivot"
        description="How the console is used: analytics events counted by page, event, app version, browser, OS and day."
        actions={
          <Button icon={<ReloadOutlined />} onClick={() => void pivot.refetch()} loading={pivot.isFetching}>
            Refresh
          </Button>
        }
      />
      <Card>
        <Flex className="nl-pivot-controls" gap={12} wrap align="center">
          <Select<PivotDimension>
            aria-label="Rows"
            prefix="Rows"
            value={rows}
            options={DIMENSION_OPTIONS}
            onChange={(v) => {
              setRows(v);
              if (v === columns) setColumns(NO_COLUMNS);
            }}
            style={{ width: 200 }}
          />
          <Select<PivotDimension | typeof NO_COLUMNS>
            aria-label="Columns"
            prefix="Columns"
            value={columns}
            options={columnOptions}
            onChange={setColumns}
            style={{ width: 230 }}
          />
          <Select<PivotMeasure>
            aria-label="Measure"
            prefix="Count"
            value={measure}
            options={MEASURE_OPTIONS}
            onChange={setMeasure}
            style={{ width: 180 }}
          />
          <DatePicker.RangePicker
            aria-label="Days"
            allowClear={false}
            value={range}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
          {table ? (
            <Typography.Text className="nl-pivot-total">
              {table.total.toLocaleString()} {PIVOT_MEASURE_LABELS[measure].toLowerCase()} in total
            </Typography.Text>
          ) : null}
        </Flex>
        {table?.truncated ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="Only the largest rows and columns are shown; narrow the days to see the rest."
          />
        ) : null}
        <LoadError query={pivot} title="The data pivot could not be loaded." />
        {pivot.isError ? null : (
          <Table<Row>
            className="nl-pivot-table"
            rowKey="key"
            size="middle"
            loading={pivot.isFetching}
            columns={tableColumns}
            dataSource={table?.rows ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No analytics events in these days.' }}
            summary={() =>
              table && table.rows.length > 0 ? (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
                    {table.columns.map((c, i) => (
                      <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                        {c.total.toLocaleString()}
                      </Table.Summary.Cell>
                    ))}
                    {table.columns.length > 1 ? (
                      <Table.Summary.Cell index={table.columns.length + 1} align="right">
                        {table.total.toLocaleString()}
                      </Table.Summary.Cell>
                    ) : null}
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
          />
        )}
      </Card>
    </>
  );
}
