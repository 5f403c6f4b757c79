import { SearchOutlined } from '@ant-design/icons';
import {
  type BridgeConfigView,
  type CpeNetwork,
  ERR,
  errorMessage,
  WIFI_SEARCH_SECONDS,
} from '@netloom/domain';
import { Alert, Button, Flex, Spin, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { SignalBars } from '../../components/SignalBars';
import { useCpeSearch } from './api';
import { networkSecurityText } from './cpeModel';
import { UplinkModal } from './UplinkModal';
import type { useBridgeEditor } from './useBridgeEditor';

interface WifiSearchPanelProps {
  projectId: number;
  view: BridgeConfigView;
  editor: ReturnType<typeof useBridgeEditor>;
  canEdit: boolean;
  /** Why searching is not possible now (offline, read-only…), or undefined. */
  disabledReason: string | undefined;
}

/** Seconds since `since` while `on`, ticking every second. */
function useElapsed(on: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!on) return;
    const started = Date.now();
    setElapsed(0);
    const t = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(t);
  }, [on]);
  return elapsed;
}

/**
 * Client mode: the uplink network this CPE joins, picked from a Wi-Fi search (the device listens
 * up to 30 s). "No signal" (417) and "uplink information inconsistent" (418) are the catalogue's.
 */
export function WifiSearchPanel({ projectId, view, editor, canEdit, disabledReason }: WifiSearchPanelProps) {
  const search = useCpeSearch(projectId, view.device.id);
  const elapsed = useElapsed(search.isPending);
  const [picked, setPicked] = useState<CpeNetwork | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const result = search.data ?? view.lastSearch;
  const uplink = view.settings.uplink;

  async function handleSearch() {
    setRefusal(null);
    try {
      await search.mutateAsync({});
    } catch {
      // Shown from `search.error` below.
    }
  }

  const searchError = search.error instanceof ApiError ? search.error : null;
  const noSignal = searchError?.code === ERR.WIFI_SEARCH_NO_SIGNAL;

  const columns: TableColumnsType<CpeNetwork> = [
    {
      title: 'SSID',
      key: 'ssid',
      render: (_, n) =>
        n.ssid ? (
          <Typography.Text strong>{n.ssid}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">(hidden network)</Typography.Text>
        ),
    },
    { title: 'BSSID', dataIndex: 'bssid', render: (b: string) => <span className="nl-mono">{b}</span> },
    { title: 'Channel', key: 'channel', render: (_, n) => `${n.channel} · ${n.band.replace('G', ' GHz')}` },
    { title: 'Signal', key: 'rssi', render: (_, n) => <SignalBars rssi={n.rssi} /> },
    { title: 'Security', key: 'security', render: (_, n) => networkSecurityText(n.security) },
    {
      title: '',
      key: 'use',
      align: 'right',
      render: (_, n) =>
        uplink?.bssid.toUpperCase() === n.bssid.toUpperCase() ? (
          <Tag color="success">Uplink</Tag>
        ) : (
          <Tooltip title={disabledReason}>
            <Button
              size="small"
              disabled={!canEdit || !n.ssid}
              onClick={() => setPicked(n)}
              aria-label={`Use ${n.ssid || n.bssid} as uplink`}
            >
              Use
            </Button>
          </Tooltip>
        ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="cpe-uplink">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <span>
          <Typography.Text type="secondary">Uplink network: </Typography.Text>
          {uplink ? (
            <Typography.Text strong data-testid="cpe-uplink-current">
              {uplink.ssid}{' '}
              <Typography.Text type="secondary" className="nl-mono">
                {uplink.bssid} · channel {uplink.channel}
              </Typography.Text>
            </Typography.Text>
          ) : (
            <Typography.Text>None chosen — search and pick the network to bridge to.</Typography.Text>
          )}
        </span>
        <Tooltip title={disabledReason}>
          <Button
            icon={<SearchOutlined />}
            onClick={handleSearch}
            loading={search.isPending}
            disabled={disabledReason !== undefined}
            data-testid="cpe-search"
          >
            {search.isPending ? 'Searching…' : result ? 'Search again' : 'Search Wi-Fi'}
          </Button>
        </Tooltip>
      </Flex>
      {search.isPending ? (
        <Flex align="center" gap={12} className="nl-cpe-searching" role="status">
          <Spin />
          <Typography.Text>
            Listening for Wi-Fi networks… {elapsed} s{' '}
            <Typography.Text type="secondary">(up to {WIFI_SEARCH_SECONDS} s)</Typography.Text>
          </Typography.Text>
        </Flex>
      ) : null}
      {searchError && !search.isPending ? (
        <Alert
          type={noSignal ? 'warning' : 'error'}
          showIcon
          title={searchError.message}
          action={
            <Button size="small" onClick={handleSearch} disabled={disabledReason !== undefined}>
              Retry
            </Button>
          }
          data-testid="cpe-search-error"
        />
      ) : null}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal}
          action={
            <Button size="small" onClick={handleSearch} disabled={disabledReason !== undefined}>
              Search again
            </Button>
          }
          data-testid="cpe-uplink-error"
        />
      ) : null}
      {result && !search.isPending ? (
        <>
          <Typography.Text type="secondary">
            {/* After a failed search the list below is the earlier one: say so, it may be stale. */}
            {searchError ? 'Earlier search: ' : ''}
            {result.networks.length} {result.networks.length === 1 ? 'network' : 'networks'} found at{' '}
            {new Date(result.searchedAt).toLocaleTimeString()}
            {searchError ? ' (may be out of date)' : ''}
          </Typography.Text>
          <Table<CpeNetwork>
            rowKey="bssid"
            size="small"
            columns={columns}
            dataSource={result.networks}
            pagination={result.networks.length > 8 ? { pageSize: 8, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            data-testid="cpe-networks"
          />
        </>
      ) : null}
      {picked ? (
        <UplinkModal
          network={picked}
          view={view}
          editor={editor}
          onClose={() => setPicked(null)}
          onRefused={(code, message) => {
            setPicked(null);
            setRefusal(code === ERR.UPLINK_WIFI_INCONSISTENT ? errorMessage(code) : message);
          }}
        />
      ) : null}
    </Flex>
  );
}
