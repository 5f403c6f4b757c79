import { HistoryOutlined } from '@ant-design/icons';
import {
  clientDisplayName,
  formatBytes,
  formatDuration,
  formatRate,
  type OnlineClient,
  SECURITY_MODE_LABELS,
  type SecurityMode,
} from '@netloom/domain';
import { Button, Descriptions, Drawer, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { NONE } from '../../components/format';
import { SignalBars } from '../../components/SignalBars';
import { devicePath, tracebackPath } from '../../navigation/paths';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { AliasField } from './AliasField';
import { useClientDetail } from './api';
import { ClientHistory } from './ClientHistory';
import { clientTypeLook } from './clientTypes';

interface ClientPanelProps {
  projectId: number;
  /** The client shown, or null when the panel is closed. */
  mac: string | null;
  onClose(): void;
}

/** The client panel (issue 10 §7): where a client is connected, its signal and traffic, history, alias. */
export function ClientPanel({ projectId, mac, onClose }: ClientPanelProps) {
  const detail = useClientDetail(projectId, mac);
  const c = detail.data;
  const { project } = useCurrentProject();
  return (
    <Drawer
      open={mac !== null}
      onClose={onClose}
      size={520}
      data-testid="client-panel"
      extra={mac ? <TracebackLink mac={mac} /> : null}
      title={
        c ? (
          <Flex align="center" gap={10}>
            <span data-testid="client-panel-name">{clientDisplayName(c)}</span>
            {c.online ? <Tag color="success">Online</Tag> : <Tag>Offline</Tag>}
          </Flex>
        ) : (
          'Client'
        )
      }
    >
      {detail.isError ? (
        <Result
          status="warning"
          title={
            detail.error instanceof ApiError && detail.error.code === 412
              ? 'This client has not been seen in this project'
              : 'The client could not be loaded'
          }
          subTitle={detail.error.message}
          extra={<Button onClick={onClose}>Close</Button>}
        />
      ) : !c ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Flex vertical gap={24}>
          <section>
            <Typography.Title level={5}>Identity</Typography.Title>
            <Descriptions size="small" column={1} bordered className="nl-detail-desc">
              <Descriptions.Item label="Alias">
                <AliasField
                  projectId={projectId}
                  mac={c.mac}
                  alias={c.alias}
                  reported={c.name}
                  blocked={changeBlockedReason(project)}
                />
              </Descriptions.Item>
              <Descriptions.Item label="Reported name">{c.name || NONE}</Descriptions.Item>
              <Descriptions.Item label="MAC address">
                <span className="nl-mono">{c.mac}</span>
              </Descriptions.Item>
            </Descriptions>
          </section>
          {c.online ? (
            <Connection client={c.online} />
          ) : (
            <Typography.Text type="secondary">
              Not connected now. The history below shows when it was last seen.
            </Typography.Text>
          )}
          <ClientHistory days={c.history} />
        </Flex>
      )}
    </Drawer>
  );
}

function Connection({ client: c }: { client: OnlineClient }) {
  const navigate = useNavigate();
  const look = clientTypeLook(c.type);
  const wired = c.connection === 'wired';
  return (
    <section>
      <Typography.Title level={5}>Connection</Typography.Title>
      <Descriptions
        size="small"
        column={2}
        bordered
        className="nl-detail-desc"
        data-testid="client-connection"
      >
        <Descriptions.Item label="Connected to" span={2}>
          <Button
            type="link"
            size="small"
            className="nl-link-inline"
            data-testid="client-device-link"
            onClick={() => navigate(devicePath(c.device.id))}
          >
            {c.device.name}
          </Button>
          <Typography.Text type="secondary">
            {' '}
            {c.device.model ?? c.device.sn}
            {wired && c.port !== null ? ` · port ${c.port}` : ''}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={wired ? 'Connection' : 'SSID'}>
          {wired ? 'Wired' : (c.ssid ?? NONE)}
        </Descriptions.Item>
        <Descriptions.Item label="VLAN">{c.vlan ?? NONE}</Descriptions.Item>
        <Descriptions.Item label="IP address">
          {c.ip ? <span className="nl-mono">{c.ip}</span> : NONE}
        </Descriptions.Item>
        <Descriptions.Item label="Band">{c.band ?? NONE}</Descriptions.Item>
        <Descriptions.Item label="Signal">
          {c.rssi === null ? NONE : <SignalBars rssi={c.rssi} />}
        </Descriptions.Item>
        <Descriptions.Item label="Security">
          {c.auth ? (SECURITY_MODE_LABELS[c.auth as SecurityMode] ?? c.auth) : NONE}
        </Descriptions.Item>
        <Descriptions.Item label="Online for">{formatDuration(c.uptime)}</Descriptions.Item>
        <Descriptions.Item label="Client type">
          {look.icon} {look.label}
        </Descriptions.Item>
        <Descriptions.Item label="Traffic" span={2}>
          <span className="nl-num">
            {formatBytes(c.txBytes, 1)} sent · {formatBytes(c.rxBytes, 1)} received
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="Rate now" span={2}>
          <span className="nl-num">
            ↑ {formatRate(c.txRate, 1)} · ↓ {formatRate(c.rxRate, 1)}
          </span>
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}

/** The client's traceback: every connection and roam over a period (the §2 named screen). */
function TracebackLink({ mac }: { mac: string }) {
  const navigate = useNavigate();
  return (
    <Flex justify="flex-start">
      <Button
        icon={<HistoryOutlined />}
        onClick={() => navigate(tracebackPath(mac))}
        data-testid="client-traceback"
      >
        Traceback
      </Button>
    </Flex>
  );
}
