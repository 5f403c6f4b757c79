import { DeleteOutlined } from '@ant-design/icons';
import type { Device, DeviceSortKey } from '@netloom/domain';
import { Button, Progress, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { NONE } from '../../components/format';
import { RowActionButton } from '../../components/RowActionButton';
import { columnsWidth } from '../../components/table';
import { managementMode, meshRole, rate, text, uplinkLabel, uptime } from './format';
import { ManagementModeTag } from './ManagementModeTag';
import { DeviceReportingTag, ProtocolProblemFlag } from './ProtocolProblems';

export type SortOrder = 'ascend' | 'descend' | null;

/** A column the user may hide; `name` and the actions are always shown. */
export interface DeviceColumnDef {
  key: DeviceSortKey;
  title: string;
  width: number;
  render(d: Device): React.ReactNode;
  /** Only meaningful for some device types (mesh role). */
  onlyFor?: readonly string[];
  align?: 'right';
}

function Usage({ value, label }: { value: number | null; label: string }) {
  if (value === null) return <span className="nl-muted">{NONE}</span>;
  const pct = Math.round(Math.max(0, Math.min(100, value)));
  // Amber from 70 %, red from 90 %: a loaded device stands out in a long list.
  const color = pct >= 90 ? '#f5222d' : pct >= 70 ? '#fa8c16' : '#1677ff';
  return (
    <Progress
      percent={pct}
      size="small"
      strokeColor={color}
      format={(p) => `${p}%`}
      aria-label={`${label} ${pct}%`}
      className="nl-usage"
    />
  );
}

/** Load figures of an offline (or not reporting) device are its last report, not the present: shown as unknown. */
function live(d: Device, v: number | null): number | null {
  return d.displayStatus === 'offline' || d.notReporting !== null ? null : v;
}

const mono = (v: string | null) => <span className="nl-mono">{text(v)}</span>;

/** Every optional column in the default order (§3 device fields). */
export const DEVICE_COLUMNS: DeviceColumnDef[] = [
  { key: 'model', title: 'Model', width: 130, render: (d) => text(d.model) },
  { key: 'sn', title: 'SN', width: 170, render: (d) => mono(d.sn) },
  { key: 'mac', title: 'MAC', width: 160, render: (d) => mono(d.mac) },
  { key: 'ip', title: 'IP address', width: 130, render: (d) => mono(d.ip) },
  { key: 'firmwareVersion', title: 'Firmware', width: 120, render: (d) => text(d.firmwareVersion) },
  { key: 'hardwareVersion', title: 'Hardware', width: 100, render: (d) => text(d.hardwareVersion) },
  {
    key: 'uplink',
    title: 'Uplink',
    width: 170,
    render: (d) => <Typography.Text ellipsis={{ tooltip: uplinkLabel(d) }}>{uplinkLabel(d)}</Typography.Text>,
  },
  { key: 'cpu', title: 'CPU', width: 130, render: (d) => <Usage value={live(d, d.cpu)} label="CPU" /> },
  {
    key: 'memory',
    title: 'Memory',
    width: 130,
    render: (d) => <Usage value={live(d, d.memory)} label="Memory" />,
  },
  { key: 'uptime', title: 'Uptime', width: 120, render: (d) => uptime(d) },
  {
    key: 'clients',
    title: 'Clients',
    width: 90,
    align: 'right',
    render: (d) => live(d, d.clients) ?? NONE,
  },
  { key: 'txRate', title: 'Upload', width: 110, align: 'right', render: (d) => rate(live(d, d.txRate)) },
  { key: 'rxRate', title: 'Download', width: 110, align: 'right', render: (d) => rate(live(d, d.rxRate)) },
  {
    key: 'managementMode',
    title: 'Management',
    width: 150,
    render: (d) => managementMode(d.managementMode),
  },
  { key: 'meshRole', title: 'Mesh role', width: 130, render: (d) => meshRole(d.meshRole), onlyFor: ['mesh'] },
  {
    key: 'location',
    title: 'Location',
    width: 150,
    render: (d) => <Typography.Text ellipsis={{ tooltip: d.location }}>{text(d.location)}</Typography.Text>,
  },
  {
    key: 'remark',
    title: 'Remark',
    width: 150,
    render: (d) => <Typography.Text ellipsis={{ tooltip: d.remark }}>{text(d.remark)}</Typography.Text>,
  },
];

/** Columns shown for a tab: type-specific ones only where they mean something. */
export function columnsForType(type: string): DeviceColumnDef[] {
  return DEVICE_COLUMNS.filter((c) => !c.onlyFor || c.onlyFor.includes(type));
}

interface BuildArgs {
  type: string;
  hidden: ReadonlySet<string>;
  sort: DeviceSortKey;
  order: 'asc' | 'desc';
  canWrite: boolean;
  onOpen(d: Device): void;
  onDelete(d: Device): void;
}

export function buildColumns(a: BuildArgs): { columns: ColumnType<Device>[]; width: number } {
  const sortOrder = (key: DeviceSortKey): SortOrder =>
    a.sort === key ? (a.order === 'asc' ? 'ascend' : 'descend') : null;
  const columns: ColumnType<Device>[] = [
    {
      key: 'status',
      title: 'Status',
      width: 110,
      fixed: 'left',
      sorter: true,
      sortOrder: sortOrder('status'),
      render: (_, d) => <DeviceReportingTag device={d} />,
    },
    {
      key: 'name',
      title: 'Name',
      width: 170,
      fixed: 'left',
      sorter: true,
      sortOrder: sortOrder('name'),
      render: (_, d) => (
        <span className="nl-name-cell">
          <Button type="link" className="nl-link-cell" onClick={() => a.onOpen(d)} data-testid="device-name">
            {d.name}
          </Button>
          <ManagementModeTag device={d} compact />
          <ProtocolProblemFlag device={d} />
        </span>
      ),
    },
    ...columnsForType(a.type)
      .filter((c) => !a.hidden.has(c.key))
      .map<ColumnType<Device>>((c) => ({
        key: c.key,
        title: c.title,
        width: c.width,
        align: c.align,
        // One line per cell: rows keep one height whatever a value's length (full value on hover).
        ellipsis: true,
        sorter: true,
        sortOrder: sortOrder(c.key),
        render: (_, d) => c.render(d),
      })),
    {
      key: 'actions',
      title: 'Actions',
      width: 110,
      fixed: 'right',
      render: (_, d) => (
        <span className="nl-row-actions">
          <Button type="link" size="small" onClick={() => a.onOpen(d)}>
            Details
          </Button>
          {a.canWrite ? (
            <RowActionButton
              danger
              icon={<DeleteOutlined />}
              label={`Delete ${d.name}`}
              tooltip="Delete device"
              onClick={() => a.onDelete(d)}
            />
          ) : null}
        </span>
      ),
    },
  ];
  const width = columnsWidth(columns) + 48;
  return { columns, width };
}
