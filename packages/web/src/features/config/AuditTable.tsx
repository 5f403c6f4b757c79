import type { AuditAction, AuditEntry } from '@netloom/domain';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../components/format';
import { useAudit } from './api';
import type { LogFilter } from './logPath';
import { AccountName, LogTable } from './logTable';
import { usePagedTable } from './usePagedTable';

const ACTION_LOOK: Record<AuditAction, { label: string; color: string }> = {
  'config.save': { label: 'Saved', color: 'blue' },
  'config.restore': { label: 'Restored', color: 'purple' },
  'port.poeReboot': { label: 'PoE reboot', color: 'orange' },
  'device.add': { label: 'Added', color: 'green' },
  'device.claim': { label: 'Claimed', color: 'green' },
  'device.delete': { label: 'Deleted', color: 'red' },
  'client.forceOffline': { label: 'Forced offline', color: 'volcano' },
  'rf.run': { label: 'RF optimisation', color: 'geekblue' },
  'device.reboot': { label: 'Restart', color: 'orange' },
  'device.reset': { label: 'Reset', color: 'red' },
  'device.locate': { label: 'Locate', color: 'cyan' },
  'backup.create': { label: 'Backup', color: 'blue' },
  'backup.update': { label: 'Backup changed', color: 'default' },
  'backup.delete': { label: 'Backup deleted', color: 'red' },
  'backup.restore': { label: 'Restore', color: 'volcano' },
  // The system log's own entries: the change log's endpoint leaves them out.
  'maintenance.succeeded': { label: 'Succeeded', color: 'green' },
  'maintenance.failed': { label: 'Failed', color: 'red' },
  'device.online': { label: 'Online', color: 'green' },
  'device.offline': { label: 'Offline', color: 'default' },
  'project.signIn': { label: 'Signed in', color: 'purple' },
  'device.upgrade': { label: 'Upgrade', color: 'blue' },
  'firmware.upload': { label: 'Firmware added', color: 'geekblue' },
  'firmware.delete': { label: 'Firmware deleted', color: 'red' },
  'rebootSchedule.save': { label: 'Reboot schedule', color: 'blue' },
  'rebootSchedule.delete': { label: 'Schedule deleted', color: 'red' },
  'rebootSchedule.skipped': { label: 'Reboot skipped', color: 'gold' },
  'disk.format': { label: 'Disk format', color: 'volcano' },
  'remote.open': { label: 'Remote opened', color: 'purple' },
  'remote.close': { label: 'Remote ended', color: 'default' },
  'project.transfer': { label: 'Transferred', color: 'magenta' },
  'device.managementMode': { label: 'Management mode', color: 'purple' },
};

const columns: ColumnsType<AuditEntry> = [
  { key: 'at', title: 'Time', width: 150, render: (_, e) => formatDateTime(e.at) },
  {
    key: 'account',
    title: 'Account',
    width: 140,
    render: (_, e) => <AccountName account={e.account} />,
  },
  {
    key: 'device',
    title: 'Device',
    width: 170,
    render: (_, e) =>
      e.deviceName ?? (
        <Typography.Text type="secondary">{e.deviceId === null ? 'Whole project' : '—'}</Typography.Text>
      ),
  },
  {
    key: 'action',
    title: 'Action',
    width: 140,
    render: (_, e) => <Tag color={ACTION_LOOK[e.action].color}>{ACTION_LOOK[e.action].label}</Tag>,
  },
  {
    key: 'summary',
    title: 'Summary',
    render: (_, e) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: e.summary }} style={{ margin: 0 }}>
        {e.summary}
      </Typography.Paragraph>
    ),
  },
];

/** What the empty table says, for one device or for the whole project. */
const EMPTY_AUDIT = {
  device: 'No configuration changes for this device yet.',
  project: 'No configuration changes yet — they appear here when someone saves network or switch settings.',
};

/** Every configuration change of the project: who changed what, when, on which device. */
export function AuditTable({ projectId, filter }: { projectId: number; filter: LogFilter }) {
  const { deviceId, withProject } = filter;
  const { page, pageSize, pagination } = usePagedTable(['change', 'changes']);
  const audit = useAudit(projectId, { deviceId, withProject: withProject || undefined, page, pageSize });
  return (
    <>
      <Typography.Paragraph type="secondary" className="nl-log-hint">
        Saved and restored settings and PoE reboots, newest first.
      </Typography.Paragraph>
      <LogTable
        query={audit}
        columns={columns}
        pagination={pagination}
        empty={EMPTY_AUDIT}
        filtered={deviceId !== undefined}
      />
    </>
  );
}
