import { ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import {
  LOCATE_DEFAULT_MINUTES,
  LOCATE_MINUTE_CHOICES,
  MAINTENANCE_ACTION_INFO,
  type MaintenanceAction,
} from '@netloom/domain';
import { Alert, Flex, List, Modal, Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { plural } from '../../components/format';
import { awayFor, confirmTitle, type MaintenanceDevice, splitByRule } from './words';

export interface PendingMaintenance {
  action: MaintenanceAction;
  devices: MaintenanceDevice[];
}

interface Props {
  pending: PendingMaintenance | null;
  busy: boolean;
  onCancel(): void;
  onConfirm(minutes: number): void;
}

/**
 * The confirmation of a maintenance action (UI.md: dangerous actions say what will happen and to
 * how many devices): the effect, how long the devices are away (§9), the blink time of a locate,
 * and the selected devices the rule leaves out, each with its reason — they are sent anyway, and
 * the server's answer per device is what the result shows.
 */
export function ConfirmMaintenanceModal({ pending, busy, onCancel, onConfirm }: Props) {
  const [minutes, setMinutes] = useState<number>(LOCATE_DEFAULT_MINUTES);
  useEffect(() => {
    if (pending) setMinutes(LOCATE_DEFAULT_MINUTES);
  }, [pending]);
  if (!pending) return null;
  const { action, devices } = pending;
  const info = MAINTENANCE_ACTION_INFO[action];
  const { allowed, refused } = splitByRule(action, devices);
  const many = devices.length > 1;
  return (
    <Modal
      open
      title={confirmTitle(action, devices)}
      onCancel={onCancel}
      onOk={() => onConfirm(minutes)}
      okText={many ? `${info.label} ${plural(allowed.length, 'device')}` : info.label}
      okButtonProps={{ danger: info.danger, loading: busy, disabled: allowed.length === 0 }}
      cancelText="Cancel"
      data-testid="maintenance-confirm"
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {many ? info.effect.replace(/^The device/, 'Each device') : info.effect}
        </Typography.Paragraph>
        {info.seconds ? (
          <Typography.Text type="secondary">
            <ClockCircleOutlined /> Offline for {awayFor(info.seconds)}
            {many
              ? '; the list shows each device rebooting, then online again.'
              : '; the list shows it rebooting, then online again.'}
          </Typography.Text>
        ) : null}
        {action === 'locate' ? (
          <Flex vertical gap={4}>
            <Typography.Text strong id="locate-minutes">
              Blink for
            </Typography.Text>
            <Segmented<number>
              aria-labelledby="locate-minutes"
              value={minutes}
              onChange={setMinutes}
              options={LOCATE_MINUTE_CHOICES.map((m) => ({ value: m, label: plural(m, 'minute') }))}
            />
          </Flex>
        ) : null}
        {info.danger ? (
          <Alert type="warning" showIcon icon={<WarningOutlined />} message="This cannot be undone." />
        ) : null}
        {refused.length > 0 ? (
          <Alert
            type="info"
            showIcon
            message={
              allowed.length === 0
                ? `None of the selected devices can ${info.label.toLowerCase()} now.`
                : `${plural(refused.length, 'device')} will be skipped:`
            }
            description={
              <List
                size="small"
                data-testid="maintenance-skipped"
                dataSource={refused.slice(0, 8)}
                renderItem={({ device, reason }) => (
                  <List.Item style={{ paddingInline: 0 }}>
                    <Typography.Text strong>{device.name}</Typography.Text>
                    <Typography.Text type="secondary">{reason}</Typography.Text>
                  </List.Item>
                )}
                footer={refused.length > 8 ? `and ${refused.length - 8} more` : undefined}
              />
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
