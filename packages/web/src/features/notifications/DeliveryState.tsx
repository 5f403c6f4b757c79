import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled } from '@ant-design/icons';
import { NOTIFY_MAX_ATTEMPTS, type NotifyDelivery } from '@netloom/domain';
import { Space, Typography } from 'antd';
import { formatDateTime } from '../../components/format';

/** A message's outcome as colour, word and icon, with the transport's error when it failed. */
export function DeliveryState({ delivery }: { delivery: NotifyDelivery }) {
  if (delivery.status === 'sent')
    return (
      <Typography.Text type="success" data-testid="delivery-state" data-status="sent">
        <CheckCircleFilled /> Delivered {formatDateTime(delivery.sentAt ?? delivery.createdAt)}
      </Typography.Text>
    );
  if (delivery.status === 'failed')
    return (
      <Space direction="vertical" size={0} data-testid="delivery-state" data-status="failed">
        <Typography.Text type="danger">
          <CloseCircleFilled /> Failed
          {delivery.purpose === 'alarms' ? ` after ${delivery.attempts} attempts` : ''}
        </Typography.Text>
        {delivery.lastError ? (
          <Typography.Text type="secondary" className="nl-notify-error">
            {delivery.lastError}
          </Typography.Text>
        ) : null}
      </Space>
    );
  return (
    <Space direction="vertical" size={0} data-testid="delivery-state" data-status="pending">
      <Typography.Text type="warning">
        <ClockCircleOutlined />{' '}
        {delivery.attempts === 0
          ? 'Sending…'
          : `Attempt ${delivery.attempts} of ${NOTIFY_MAX_ATTEMPTS} failed${
              delivery.nextAt ? ` · next ${formatDateTime(delivery.nextAt)}` : ''
            }`}
      </Typography.Text>
      {delivery.lastError ? (
        <Typography.Text type="secondary" className="nl-notify-error">
          {delivery.lastError}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
