import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  MAINTENANCE_ACTION_INFO,
  type MaintenanceBatchResult,
  type MaintenanceOutcome,
} from '@netloom/domain';
import { Modal, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { plural } from '../../components/format';

const columns: ColumnsType<MaintenanceOutcome> = [
  {
    key: 'device',
    title: 'Device',
    render: (_, r) =>
      r.name ?? (
        <Typography.Text type="secondary">Device #{r.deviceId} (not in this project)</Typography.Text>
      ),
  },
  {
    key: 'result',
    title: 'Result',
    width: 120,
    render: (_, r) =>
      r.ok ? (
        <Tag color="success" icon={<CheckCircleFilled />}>
          Started
        </Tag>
      ) : (
        <Tag color="error" icon={<CloseCircleFilled />}>
          Refused
        </Tag>
      ),
  },
  {
    key: 'why',
    title: 'Why',
    render: (_, r) =>
      r.ok ? <Typography.Text type="secondary">Sent to the device</Typography.Text> : r.message,
  },
];

/** What a batch did, device by device: started, or refused and why (issue 13 §1). */
export function MaintenanceResultModal({
  result,
  onClose,
}: {
  result: MaintenanceBatchResult | null;
  onClose(): void;
}) {
  if (!result) return null;
  const label = MAINTENANCE_ACTION_INFO[result.action].label;
  return (
    <Modal
      open
      title={`${label}: ${result.started} started, ${result.refused} refused`}
      onCancel={onClose}
      onOk={onClose}
      okText="Done"
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      data-testid="maintenance-result"
    >
      <Typography.Paragraph type="secondary">
        {result.started > 0
          ? `${plural(result.started, 'device')} received the command; the list follows their status live.`
          : 'No device received the command.'}
      </Typography.Paragraph>
      <Table<MaintenanceOutcome>
        rowKey="deviceId"
        size="small"
        columns={columns}
        dataSource={result.results}
        pagination={result.results.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        onRow={(r) =>
          ({ 'data-device-id': r.deviceId, 'data-ok': String(r.ok) }) as React.HTMLAttributes<HTMLElement>
        }
      />
    </Modal>
  );
}
