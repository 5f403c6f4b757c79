import { DisconnectOutlined } from '@ant-design/icons';
import {
  CLIENT_PAGE_SIZES,
  type ClientListQuery,
  type ClientSortKey,
  clientDisplayName,
  type OnlineClient,
} from '@netloom/domain';
import { App, Button, Card, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { plural } from '../../components/format';
import { QueryContent } from '../../components/LoadError';
import { BulkBar, filteredDeviceName, ListEmpty } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { columnsWidth, STICKY_HEADER } from '../../components/table';
import { tracebackPath } from '../../navigation/paths';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { BlacklistButton, useBlockClientAction } from '../blacklist';
import { useClientList } from './api';
import { ClientPanel } from './ClientPanel';
import { ClientToolbar } from './ClientToolbar';
import { clientColumns } from './clientColumns';
import { useClientTablePrefs } from './tablePrefs';
import { useClientFilters } from './useClientFilters';
import { useKickTracker } from './useKickTracker';
import './clients.css';

const rowKey = (c: OnlineClient) => `${c.mac}@${c.device.id}`;

/** /manage/onlinelist — clients online now (§3 "Online client"), with force-offline. */
export default function ClientListPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const { modal, message } = App.useApp();
  const { pref: prefs, update: updatePrefs, ready } = useClientTablePrefs();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<OnlineClient[]>([]);
  // Any change of what is listed starts again at page 1 with nothing selected.
  const filters = useClientFilters(() => {
    setPage(1);
    setSelected([]);
  });
  const { q, connection, band, type, deviceId } = filters;
  // The client panel is part of the address (`?client=MAC`): search results and links open it.
  const [params, setParams] = useSearchParams();
  const panelMac = params.get('client');
  const setPanel = (mac: string | null) =>
    setParams((p) => {
      if (mac) p.set('client', mac);
      else p.delete('client');
      return p;
    });

  const query: ClientListQuery = {
    q: q || undefined,
    deviceId,
    connection: connection === 'all' ? undefined : connection,
    band,
    type,
    sort: prefs.sort,
    order: prefs.order,
    page,
    pageSize: prefs.pageSize,
  };
  const list = useClientList(projectId, query, ready);
  // Live refresh: the console's LiveQueryBridge invalidates these keys on live events.
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const tracker = useKickTracker(projectId, rows);

  const kickBlocked = changeBlockedReason(project);
  const navigate = useNavigate();
  const blocking = useBlockClientAction(projectId);

  function confirmKick(c: OnlineClient) {
    const name = clientDisplayName(c);
    modal.confirm({
      title: `Force “${name}” offline?`,
      content: `${name} is disconnected from ${c.device.name} now. It can connect again later.`,
      okText: 'Force offline',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => tracker.kickOne(c),
    });
  }

  function confirmBulk() {
    const clients = selected.filter((c) => !tracker.pendingOf(c));
    if (clients.length === 0) return;
    modal.confirm({
      title: `Force ${plural(clients.length, 'client')} offline?`,
      content: `Each client is disconnected from its access point or switch now. ${
        clients.length === 1 ? 'It' : 'They'
      } can connect again later.`,
      okText: `Force ${plural(clients.length, 'client')} offline`,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const result = await tracker.kickMany(clients);
        setSelected([]);
        if (result.sent > 0) message.info(`Disconnecting ${plural(result.sent, 'client')}…`);
        for (const r of result.refused) message.error(`${clientDisplayName(r.client)}: ${r.message}`);
      },
    });
  }

  const hidden = new Set(prefs.hiddenColumns);
  const columns = clientColumns({
    sort: prefs.sort,
    order: prefs.order,
    kickBlocked,
    pendingOf: tracker.pendingOf,
    onKick: confirmKick,
    onOpen: (c) => setPanel(c.mac),
    onBlock: (c) => blocking.confirmBlock({ mac: c.mac, name: c.alias || c.name }),
    onTraceback: (c) => navigate(tracebackPath(c.mac)),
  }).filter((c) => !hidden.has(String(c.key)));
  // Column widths plus the selection column: below that the table scrolls with name and actions pinned.
  const scrollX = columnsWidth(columns, 120) + 32;

  const total = list.data?.total ?? 0;
  const deviceName = filteredDeviceName(deviceId, rows);

  const emptyText = (
    <ListEmpty
      filters={filters}
      noMatch="No online clients match your search or filters."
      none="No clients online — they appear here as soon as they connect to the project’s devices."
    />
  );

  return (
    <>
      <PageHeader
        title="Client list"
        description="Clients online now: where they are connected, their signal and their traffic."
        actions={<BlacklistButton projectId={projectId} />}
      />
      <Card className="nl-table-card">
        <ClientToolbar
          filters={filters}
          deviceName={deviceName}
          total={total}
          prefs={prefs}
          onPrefs={updatePrefs}
        />
        <BulkBar count={selected.length} noun="client" onClear={() => setSelected([])}>
          <Button
            danger
            size="small"
            icon={<DisconnectOutlined />}
            onClick={confirmBulk}
            data-testid="bulk-force-offline"
          >
            Force offline
          </Button>
        </BulkBar>
        <QueryContent query={list} title="The client list could not be loaded.">
          <Table<OnlineClient>
            rowKey={rowKey}
            size={prefs.shrink ? 'small' : 'middle'}
            columns={columns}
            dataSource={rows}
            loading={list.isPlaceholderData}
            sticky={STICKY_HEADER}
            tableLayout="fixed"
            scroll={{ x: scrollX }}
            locale={{ emptyText }}
            onRow={(c) => ({ 'data-mac': c.mac, 'data-testid': 'client-row' }) as HTMLAttributes<HTMLElement>}
            rowSelection={
              kickBlocked
                ? undefined
                : {
                    selectedRowKeys: selected.map(rowKey),
                    onChange: (_keys, picked) => setSelected(picked),
                    getCheckboxProps: (c) => ({
                      disabled: tracker.pendingOf(c) !== null,
                      'aria-label': `Select ${clientDisplayName(c)}`,
                    }),
                  }
            }
            onChange={(pagination, _filters, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const key = s?.order ? (s.columnKey as ClientSortKey) : 'uptime';
              const order = s?.order === 'ascend' ? 'asc' : 'desc';
              const pageSize = pagination.pageSize ?? prefs.pageSize;
              if (key !== prefs.sort || order !== prefs.order || pageSize !== prefs.pageSize) {
                updatePrefs({ sort: key, order, pageSize });
                setPage(pageSize !== prefs.pageSize ? 1 : (pagination.current ?? 1));
              } else {
                setPage(pagination.current ?? 1);
              }
              setSelected([]);
            }}
            pagination={{
              current: page,
              pageSize: prefs.pageSize,
              total,
              ...PAGINATION_DEFAULTS,
              pageSizeOptions: [...CLIENT_PAGE_SIZES],
            }}
          />
        </QueryContent>
      </Card>
      <ClientPanel projectId={projectId} mac={panelMac} onClose={() => setPanel(null)} />
    </>
  );
}
