import { CheckCircleFilled, CloseCircleFilled, SyncOutlined } from '@ant-design/icons';
import type { RfRadioChange, RfRun, RfRunStatus } from '@netloom/domain';
import { Empty, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/format';
import { STICKY_HEADER } from '../../components/table';
import {
  changedRadios,
  channelText,
  deltaTone,
  failureText,
  formatDb,
  formatDbm,
  type NoiseKey,
  powerText,
  runDuration,
  STATUS_LABELS,
} from './rfModel';

const STATUS_LOOK: Record<RfRunStatus, { color: string; icon: ReactNode }> = {
  running: { color: 'processing', icon: <SyncOutlined spin /> },
  succeeded: { color: 'success', icon: <CheckCircleFilled /> },
  failed: { color: 'error', icon: <CloseCircleFilled /> },
};

export function RunStatusTag({ run }: { run: Pick<RfRun, 'status' | 'code'> }) {
  const look = STATUS_LOOK[run.status];
  const tag = (
    <Tag color={look.color} icon={look.icon} className="nl-status-tag" data-status={run.status}>
      {STATUS_LABELS[run.status]}
    </Tag>
  );
  return run.status === 'failed' ? <Tooltip title={failureText(run.code)}>{tag}</Tooltip> : tag;
}

/** "−82.1 → −88.4" in dBm (the unit is in the column title) with the change below, green when lower. */
export function BeforeAfter({ before, after }: { before: number; after: number }) {
  const delta = after - before;
  const tone = deltaTone(delta);
  const fmt = (v: number) => formatDbm(v).replace(' dBm', '');
  return (
    <span className="nl-rf-ba">
      <span className="nl-rf-ba-values">
        {fmt(before)} <span className="nl-rf-arrow">→</span> {fmt(after)}
      </span>
      {tone === 'same' ? null : <span className={`nl-rf-delta nl-rf-delta-${tone}`}>{formatDb(delta)}</span>}
    </span>
  );
}

/**
 * Before → predicted after (the planner's figure), and below it what a second scan measured once
 * the devices applied the new radios, scored by the same model.
 */
function noiseCell(run: RfRun, key: NoiseKey): ReactNode {
  if (!run.before || !run.after) return <Typography.Text type="secondary">—</Typography.Text>;
  const measured = run.measuredAfter?.[key];
  return (
    <span className="nl-rf-noise">
      <Tooltip title="Before → predicted by the planner">
        <span>
          <BeforeAfter before={run.before[key]} after={run.after[key]} />
        </span>
      </Tooltip>
      {measured === undefined ? null : (
        <Tooltip title="Measured by a second scan after the devices applied the new radios">
          <Typography.Text type="secondary" className="nl-rf-measured" data-testid="rf-measured">
            measured {formatDbm(measured).replace(' dBm', '')} ({formatDb(measured - run.before[key])})
          </Typography.Text>
        </Tooltip>
      )}
    </span>
  );
}

function ChangeValue({
  before,
  after,
  text,
}: {
  before: number;
  after: number;
  text: (v: number) => string;
}) {
  if (before === after) return <Typography.Text type="secondary">{text(after)} (kept)</Typography.Text>;
  return (
    <span className="nl-rf-change">
      {text(before)} <span className="nl-rf-arrow">→</span> <b>{text(after)}</b>
    </span>
  );
}

const changeColumns: TableColumnsType<RfRadioChange> = [
  { title: 'Device', dataIndex: 'name', key: 'name', ellipsis: true },
  { title: 'Band', dataIndex: 'band', key: 'band', width: 90, render: (b: string) => b.replace('G', ' GHz') },
  {
    title: 'Channel',
    key: 'channel',
    width: 140,
    render: (_, c) => <ChangeValue before={c.channelBefore} after={c.channelAfter} text={channelText} />,
  },
  {
    title: 'Power',
    key: 'power',
    width: 170,
    render: (_, c) => <ChangeValue before={c.powerBefore} after={c.powerAfter} text={powerText} />,
  },
  {
    title: 'Client RSSI',
    dataIndex: 'rssi',
    key: 'rssi',
    width: 110,
    render: (rssi: number | null) =>
      rssi === null ? <Typography.Text type="secondary">No clients</Typography.Text> : formatDbm(rssi, 0),
  },
  {
    title: 'Same-channel interference (dBm)',
    key: 'same',
    width: 220,
    render: (_, c) => <BeforeAfter before={c.sameChannelBefore} after={c.sameChannelAfter} />,
  },
];

/** The per-radio changes of one run (the expanded row of the records). */
export function RadioChanges({ run }: { run: RfRun }) {
  if (run.changes.length === 0) {
    return (
      <Typography.Text type="secondary" className="nl-rf-nochanges">
        {run.status === 'failed' ? failureText(run.code) : 'No radio took part in this run.'}
      </Typography.Text>
    );
  }
  const rows = [...run.changes].sort(
    (a, b) => a.sameChannelAfter - a.sameChannelBefore - (b.sameChannelAfter - b.sameChannelBefore),
  );
  return (
    <Table<RfRadioChange>
      className="nl-rf-changes"
      size="small"
      rowKey={(c) => `${c.deviceId}:${c.band}`}
      columns={changeColumns}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      data-testid="rf-changes"
    />
  );
}

const TRIGGER_LABEL = { manual: 'Manual', auto: 'Automatic' } as const;

function columns(now: number): TableColumnsType<RfRun> {
  return [
    {
      title: 'Started',
      dataIndex: 'startedAt',
      key: 'startedAt',
      width: 170,
      render: (at: number, r) => (
        <span className="nl-rf-started">
          <span>{formatDateTime(at, now)}</span>
          <Typography.Text type="secondary" className="nl-rf-started-meta">
            {TRIGGER_LABEL[r.trigger]} · {runDuration(r, now)}
          </Typography.Text>
        </span>
      ),
    },
    { title: 'Status', key: 'status', width: 116, render: (_, r) => <RunStatusTag run={r} /> },
    { title: 'Same-channel (dBm)', key: 'same', render: (_, r) => noiseCell(r, 'sameChannelDbm') },
    { title: 'Near-channel (dBm)', key: 'near', render: (_, r) => noiseCell(r, 'nearChannelDbm') },
    {
      title: 'Total noise (dBm)',
      key: 'total',
      render: (_, r) => <span className="nl-rf-total">{noiseCell(r, 'totalDbm')}</span>,
    },
    {
      title: 'Radios changed',
      key: 'changed',
      width: 124,
      align: 'right',
      render: (_, r) => `${changedRadios(r)} of ${r.changes.length}`,
    },
    {
      title: 'Access threshold',
      dataIndex: 'accessThreshold',
      key: 'access',
      width: 130,
      align: 'right',
      render: (v: number) => formatDbm(v, 0),
    },
  ];
}

/** The latest 20 runs (§9 "RF log shows latest 20"), each expandable to its per-radio changes. */
export function RfRecordsTable({
  records,
  loading,
  now = Date.now(),
}: {
  records: readonly RfRun[];
  loading?: boolean;
  now?: number;
}) {
  return (
    <Table<RfRun>
      className="nl-rf-records"
      rowKey="id"
      size="middle"
      loading={loading}
      columns={columns(now)}
      dataSource={records as RfRun[]}
      pagination={false}
      scroll={{ x: 900 }}
      sticky={STICKY_HEADER}
      expandable={{
        expandedRowRender: (run) => <RadioChanges run={run} />,
        rowExpandable: () => true,
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No optimisation yet — run one with “Optimize now” to see what it changes."
          />
        ),
      }}
      data-testid="rf-records"
    />
  );
}
