import { CheckCircleFilled, DisconnectOutlined, MinusCircleFilled } from '@ant-design/icons';
import { GENERAL_MESSAGES } from '@netloom/domain';
import { Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SignalBars } from '../../components/SignalBars';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../../session/demoProject';
import { ConfigDeliveryBar, ConfigHistoryButton } from '../config';
import { useBridgeConfig } from './api';
import { BridgeSettingsForm } from './BridgeSettingsForm';
import { type BridgeTone, bridgeStatusText } from './cpeModel';
import { ModeSwitchPanel } from './ModeSwitchPanel';
import { useBridgeEditor } from './useBridgeEditor';
import { useModeSwitch } from './useModeSwitch';
import { WifiSearchPanel } from './WifiSearchPanel';
import './cpe.css';
import { LoadError } from '../../components/LoadError';

const TONE_ICON: Record<BridgeTone, ReactNode> = {
  connected: <CheckCircleFilled className="nl-cpe-ok" />,
  none: <MinusCircleFilled className="nl-cpe-none" />,
  offline: <DisconnectOutlined className="nl-cpe-offline" />,
};

interface CpeBridgeSectionProps {
  projectId: number;
  deviceId: number;
  canWrite: boolean;
  /** Name of the peer by its serial number, when the project knows it. */
  peerName?: (sn: string) => string | null;
}

/**
 * The bridge part of a CPE's detail (issue 5 §3): work mode and its switch with progress, the
 * bridge status, bridge name and management Wi-Fi, and in client mode the uplink from a Wi-Fi search.
 */
export function CpeBridgeSection({ projectId, deviceId, canWrite, peerName }: CpeBridgeSectionProps) {
  const query = useBridgeConfig(projectId, deviceId);
  const view = query.data;
  const demo = useIsDemoProject();
  const editor = useBridgeEditor(projectId, view);
  const { modeSwitch, start, starting, dismiss } = useModeSwitch(projectId, deviceId, view?.status);

  if (query.isError) {
    return (
      <section>
        <Typography.Title level={5}>Bridge</Typography.Title>
        <LoadError query={query} title="The bridge settings could not be loaded." />
      </section>
    );
  }
  if (!view) {
    return (
      <section>
        <Typography.Title level={5}>Bridge</Typography.Title>
        <Skeleton active paragraph={{ rows: 4 }} />
      </section>
    );
  }

  const canEdit = canWrite && !demo;
  const editReason = demo
    ? DEMO_DISABLED_TITLE
    : !canWrite
      ? GENERAL_MESSAGES.READ_ONLY_NOT_CONFIGURABLE
      : undefined;
  const online = view.status.bridge !== 'offline';
  const actionReason = editReason ?? (online ? undefined : GENERAL_MESSAGES.DEVICE_OFFLINE_NOT_CONFIGURABLE);
  const status = bridgeStatusText(
    view.status,
    view.status.peerSn ? (peerName?.(view.status.peerSn) ?? null) : null,
  );

  return (
    <section data-testid="cpe-bridge">
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={5}>Bridge</Typography.Title>
        <ConfigHistoryButton
          projectId={projectId}
          kind="bridge"
          device={view.device}
          currentVersion={view.version}
        />
      </Flex>
      <Flex vertical gap={16}>
        {/* Whether the saved bridge settings reached the CPE: applied, pending or failed. */}
        <ConfigDeliveryBar projectId={projectId} targets={view.targets} version={view.version} />
        <Card size="small" className="nl-cpe-card">
          <Flex vertical gap={12}>
            <Flex align="center" gap={8} data-testid="cpe-bridge-status" data-tone={status.tone}>
              {TONE_ICON[status.tone]}
              <Typography.Text strong>{status.text}</Typography.Text>
              {status.tone === 'connected' && view.status.rssi !== null ? (
                <SignalBars rssi={view.status.rssi} showValue={false} />
              ) : null}
            </Flex>
            <ModeSwitchPanel
              deviceName={view.device.name}
              status={view.status}
              modeSwitch={modeSwitch}
              starting={starting}
              disabledReason={actionReason}
              onSwitch={(target) => void start(target)}
              onDismiss={dismiss}
            />
          </Flex>
        </Card>
        <Card size="small" className="nl-cpe-card" title="Bridge name and management Wi-Fi">
          <BridgeSettingsForm view={view} editor={editor} canEdit={canEdit} />
        </Card>
        {view.status.mode === 'client' ? (
          <Card size="small" className="nl-cpe-card" title="Uplink Wi-Fi">
            <WifiSearchPanel
              projectId={projectId}
              view={view}
              editor={editor}
              canEdit={canEdit}
              disabledReason={actionReason}
            />
          </Card>
        ) : null}
      </Flex>
    </section>
  );
}
