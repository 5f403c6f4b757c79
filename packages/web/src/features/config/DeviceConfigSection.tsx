import { HistoryOutlined } from '@ant-design/icons';
import type { ConfigTargetStatus } from '@netloom/domain';
import { failureReason } from '@netloom/domain';
import { Descriptions, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { TWO_COLUMNS } from '../../components/descriptions';
import { ConfigStatusTag } from './ConfigStatusTag';
import { useDeviceDelivery } from './DeviceConfigTag';
import { deviceLogPath } from './logPath';

/** Which version the device runs and what became of the newest: "v3", "Runs v2, v3 on its way". */
export function versionText(
  t: Pick<ConfigTargetStatus, 'status' | 'appliedVersion' | 'desiredVersion'>,
): string {
  if (t.status === 'applied') return `v${t.appliedVersion}`;
  const running = t.appliedVersion === 0 ? 'Factory settings' : `Runs v${t.appliedVersion}`;
  return t.status === 'failed'
    ? `${running}; v${t.desiredVersion} refused`
    : `${running}, v${t.desiredVersion} on its way`;
}

/**
 * The device drawer's "Configuration" section: where the device's settings stand (applied / pending
 * with age / failed with the device's reason, from the project's delivery status the header already
 * loads) and a link to its configuration history on the Log page.
 */
export function DeviceConfigSection({ projectId, deviceId }: { projectId: number; deviceId: number }) {
  const t = useDeviceDelivery(projectId, deviceId);
  return (
    <section data-testid="device-config">
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={5}>Configuration</Typography.Title>
        <Link to={deviceLogPath(deviceId)} data-testid="device-config-history">
          <HistoryOutlined /> Configuration history
        </Link>
      </Flex>
      <Descriptions size="small" column={TWO_COLUMNS} bordered className="nl-detail-desc">
        <Descriptions.Item label="Delivery">
          {t ? (
            <ConfigStatusTag {...t} />
          ) : (
            <Typography.Text type="secondary">No settings sent to this device yet</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Version">
          {t ? versionText(t) : <Typography.Text type="secondary">—</Typography.Text>}
        </Descriptions.Item>
        {t?.status === 'failed' ? (
          <Descriptions.Item label="Reason" span="filled">
            <Typography.Text type="danger" data-testid="device-config-reason">
              {failureReason(t.failedCode, t.failedMessage)}
            </Typography.Text>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </section>
  );
}
