import { DiffOutlined } from '@ant-design/icons';
import { CONFIG_KIND_NAMES, CONFIG_KINDS, type ConfigKind, type ConfigRevision } from '@netloom/domain';
import { Button, Flex, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatDateTime } from '../../components/format';
import { useConfigRevisions } from './api';
import { ConfigHistoryDrawer } from './ConfigHistoryDrawer';
import type { LogFilter } from './logPath';
import { AccountName, LogTable, RevisionChanges } from './logTable';
import { usePagedTable } from './usePagedTable';

function documentName(r: ConfigRevision): string {
  const label = CONFIG_KINDS[r.kind as ConfigKind]?.label ?? r.kind;
  return r.deviceName ? `${label} · ${r.deviceName}` : label;
}

/** What the empty table says, for one device or for the whole project. */
const EMPTY_REVISIONS = {
  device: 'No saved settings reach this device yet.',
  project: 'No saved settings yet — versions appear here when someone saves network or switch settings.',
};

/** Every saved version of every settings document of the project; compare and restore in the drawer. */
export function RevisionsTable({ projectId, filter }: { projectId: number; filter: LogFilter }) {
  const [kind, setKind] = useState<ConfigKind | undefined>();
  const { page, pageSize, resetPage, pagination } = usePagedTable(['version', 'versions']);
  const [opened, setOpened] = useState<ConfigRevision | null>(null);
  const { deviceId, withProject } = filter;
  const list = useConfigRevisions(projectId, {
    kind,
    deviceId,
    withProject: withProject || undefined,
    page,
    pageSize,
  });

  const columns: ColumnsType<ConfigRevision> = [
    { key: 'at', title: 'Saved', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
    {
      key: 'document',
      title: 'Settings',
      width: 170,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: documentName(r) }}>{documentName(r)}</Typography.Text>
      ),
    },
    {
      key: 'version',
      title: 'Version',
      width: 90,
      render: (_, r) => <Typography.Text strong>v{r.version}</Typography.Text>,
    },
    {
      key: 'account',
      title: 'Account',
      width: 140,
      render: (_, r) => <AccountName account={r.account} />,
    },
    {
      key: 'summary',
      title: 'Changes',
      render: (_, r) => <RevisionChanges revision={r} />,
    },
    {
      key: 'actions',
      title: '',
      width: 170,
      align: 'right',
      render: (_, r) => (
        <Button size="small" icon={<DiffOutlined />} onClick={() => setOpened(r)}>
          Compare & restore
        </Button>
      ),
    },
  ];

  return (
    <>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Select<ConfigKind>
          allowClear
          placeholder="All settings"
          aria-label="Filter by settings"
          style={{ width: 220 }}
          value={kind}
          onChange={(v) => {
            setKind(v ?? undefined);
            resetPage();
          }}
          options={CONFIG_KIND_NAMES.map((k) => ({ value: k, label: CONFIG_KINDS[k].label }))}
        />
        <Typography.Text type="secondary">
          Every save is a version; restoring one saves it again as the newest.
        </Typography.Text>
      </Flex>
      <LogTable
        query={list}
        columns={columns}
        pagination={pagination}
        empty={EMPTY_REVISIONS}
        filtered={deviceId !== undefined}
      />
      {opened ? (
        <ConfigHistoryDrawer
          projectId={projectId}
          kind={opened.kind as ConfigKind}
          deviceId={opened.deviceId ?? undefined}
          deviceName={opened.deviceName}
          initialRevisionId={opened.id}
          open
          onClose={() => setOpened(null)}
        />
      ) : null}
    </>
  );
}
