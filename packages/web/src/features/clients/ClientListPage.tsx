import { DisconnectOutlined, SearchOutlined } from '@ant-design/icons';
import {
  CLIENT_PAGE_SIZES,
  type ClientConnection,
  type ClientListQuery,
  type ClientSortKey,
  canConfigure,
  GENERAL_MESSAGES,
  isDemoProject,
  type OnlineClient,
  RADIO_BANDS,
} from '@netloom/domain';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Segmented,
  Select,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { HTMLAttributes } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { useCurrentProject } from '../../session/session';
import { useClientList } from './api';
import { ColumnSettings } from './ColumnSettings';
import { clientColumns } from './clientColumns';
import { CLIENT_TYPE_OPTIONS } from './clientTypes';
import { useClientTablePrefs } from './tablePrefs';
import { useKickTracker } from './useKickTracker';
import './clients.css';

type ConnectionFilter = 'all' | ClientConnection;
// The console header is sticky; the table header sticks below it.
const CONSOLE_HEADER_HEIGHT = 56;
const SEARCH_DEBOUNCE_MS = 300;
const rowKey = (c: OnlineClient) => `${c.mac}@${c.device.id}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** /manage/onlinelist — clients online now (§3 "Online client"), with force-offline. */
export default function ClientListPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const { modal, message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const prefs = useClientTablePrefs();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [connection, setConnection] = useState<ConnectionFilter>('all');
  const [band, setBand] = useState<string | undefined>();
  const [type, setType] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<OnlineClient[]>([]);
  const deviceId = Number(params.get('deviceId')) || undefined;

  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);
  // Any change of what is listed starts again at page 1 with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers.
  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [q, connection, band, type, deviceId]);

  const query: ClientListQuery = {
    q: q || undefined,
    deviceId,
    connection: connection === 'all' ? undefined : connection,
    band,
    type,
    sort: prefs.value.sort,
    order: prefs.value.order,
    page,
    pageSize: prefs.value.pageSize,
  };
  const list = useClientList(projectId, query, prefs.ready);
  // Live refresh: the console's LiveQueryBridge invalidates these keys on live events.
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  const tracker = useKickTracker(projectId, rows);

  const kickBlocked = !project
    ? GENERAL_MESSAGES.NO_PERMISSION
    : isDemoProject(project)
      ? GENERAL_MESSAGES.DEMO_BLOCKED
      : !canConfigure(project.right)
        ? GENERAL_MESSAGES.READ_ONLY_NOT_CONFIGURABLE
        : null;

  function confirmKick(c: OnlineClient) {
    const name = c.name || c.mac;
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
        for (const r of result.refused) message.error(`${r.client.name || r.client.mac}: ${r.message}`);
      },
    });
  }

  const hidden = new Set(prefs.value.hiddenColumns);
  const columns = clientColumns({
    sort: prefs.value.sort,
    order: prefs.value.order,
    kickBlocked,
    pendingOf: tracker.pendingOf,
    onKick: confirmKick,
  }).filter((c) => !hidden.has(String(c.key)));
  // Column widths plus the selection column: below that the table scrolls with name and actions pinned.
  const scrollX = columns.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : 120), 0) + 32;

  const filtering =
    q !== '' || connection !== 'all' || band !== undefined || type !== undefined || deviceId !== undefined;
  function clearFilters() {
    setSearch('');
    setConnection('all');
    setBand(undefined);
    setType(undefined);
    if (deviceId !== undefined) {
      setParams((p) => {
        p.delete('deviceId');
        return p;
      });
    }
  }
  const total = list.data?.total ?? 0;
  const deviceName = deviceId !== undefined ? (rows[0]?.device.name ?? `device ${deviceId}`) : null;

  const emptyText = filtering ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No online clients match your search or filters.">
      <Button onClick={clearFilters}>Clear filters</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="No clients online — they appear here as soon as they connect to the project’s devices."
    />
  );

  return (
    <>
      <PageHeader
        title="Client list"
        description="Clients online now: where they are connected, their signal and their traffic."
      />
      <Card className="nl-table-card">
        <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
          <Flex gap={12} align="center" wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="Search name, MAC, IP or SSID"
              aria-label="Search clients"
              value={search}
              maxLength={64}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 260 }}
            />
            <Segmented<ConnectionFilter>
              aria-label="Connection filter"
              value={connection}
              onChange={setConnection}
              options={[
                { value: 'all', label: 'All' },
                { value: 'wireless', label: 'Wireless' },
                { value: 'wired', label: 'Wired' },
              ]}
            />
            <Select
              allowClear
              placeholder="All bands"
              aria-label="Band filter"
              value={band}
              onChange={setBand}
              options={RADIO_BANDS.map((b) => ({ value: b, label: b }))}
              style={{ width: 120 }}
            />
            <Select
              allowClear
              placeholder="All client types"
              aria-label="Client type filter"
              value={type}
              onChange={setType}
              options={CLIENT_TYPE_OPTIONS}
              style={{ width: 160 }}
            />
            {deviceName ? (
              <Tag closable onClose={clearFilters} style={{ marginInlineEnd: 0 }}>
                Device: {deviceName}
              </Tag>
            ) : null}
          </Flex>
          <Flex gap={12} align="center">
            <Typography.Text type="secondary" data-testid="client-total">
              {plural(total, 'client')} online
            </Typography.Text>
            <ColumnSettings
              hidden={prefs.value.hiddenColumns}
              shrink={prefs.value.shrink}
              onChange={(next) => prefs.set({ ...prefs.value, ...next })}
            />
          </Flex>
        </Flex>
        {selected.length > 0 ? (
          <section className="nl-bulk-bar" aria-label="Bulk actions">
            <Typography.Text>{plural(selected.length, 'client')} selected</Typography.Text>
            <Button
              danger
              size="small"
              icon={<DisconnectOutlined />}
              onClick={confirmBulk}
              data-testid="bulk-force-offline"
            >
              Force offline
            </Button>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              Clear selection
            </Button>
          </section>
        ) : null}
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            title="The client list could not be loaded."
            description={list.error.message}
            action={<Button onClick={() => list.refetch()}>Retry</Button>}
          />
        ) : list.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        ) : (
          <Table<OnlineClient>
            rowKey={rowKey}
            size={prefs.value.shrink ? 'small' : 'middle'}
            columns={columns}
            dataSource={rows}
            loading={list.isPlaceholderData}
            sticky={{ offsetHeader: CONSOLE_HEADER_HEIGHT }}
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
                      'aria-label': `Select ${c.name || c.mac}`,
                    }),
                  }
            }
            onChange={(pagination, _filters, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const key = s?.order ? (s.columnKey as ClientSortKey) : 'uptime';
              const order = s?.order === 'ascend' ? 'asc' : 'desc';
              const pageSize = pagination.pageSize ?? prefs.value.pageSize;
              if (
                key !== prefs.value.sort ||
                order !== prefs.value.order ||
                pageSize !== prefs.value.pageSize
              ) {
                prefs.set({ ...prefs.value, sort: key, order, pageSize });
                setPage(pageSize !== prefs.value.pageSize ? 1 : (pagination.current ?? 1));
              } else {
                setPage(pagination.current ?? 1);
              }
              setSelected([]);
            }}
            pagination={{
              current: page,
              pageSize: prefs.value.pageSize,
              total,
              ...PAGINATION_DEFAULTS,
              pageSizeOptions: [...CLIENT_PAGE_SIZES],
            }}
          />
        )}
      </Card>
    </>
  );
}
