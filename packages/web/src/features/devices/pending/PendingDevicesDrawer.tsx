import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import {
  DEVICE_NAME_MAX_LENGTH,
  defaultDeviceName,
  deviceNameSchema,
  type PendingDevice,
} from '@netloom/domain';
import {
  App,
  Button,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Popconfirm,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../components/zodRule';
import { useClaimDevice, useDismissDevice, usePendingDevices } from '../api';
import { typeLabel } from '../deviceTypes';
import { text } from '../format';
import '../devices.css';

interface Props {
  projectId: number;
  canWrite: boolean;
  open: boolean;
  onClose(): void;
}

/** Devices to be verified: plugged into this project's network, not claimed. Claim (name it) or dismiss. */
export function PendingDevicesDrawer({ projectId, canWrite, open, onClose }: Props) {
  const pending = usePendingDevices(projectId, open);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Devices to be verified"
      size={520}
      data-testid="pending-drawer"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        These devices are connected to this project’s network but belong to no project. Add the ones you
        recognise; dismiss the others (they can still be added later by serial number).
      </Typography.Paragraph>
      {pending.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : pending.isError ? (
        <Typography.Text type="danger">{pending.error.message}</Typography.Text>
      ) : pending.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No devices are waiting to be verified." />
      ) : (
        <List
          dataSource={pending.data.items}
          rowKey="sn"
          renderItem={(d) => <PendingRow key={d.sn} device={d} projectId={projectId} canWrite={canWrite} />}
        />
      )}
    </Drawer>
  );
}

function PendingRow({
  device,
  projectId,
  canWrite,
}: {
  device: PendingDevice;
  projectId: number;
  canWrite: boolean;
}) {
  const { message } = App.useApp();
  const claim = useClaimDevice(projectId);
  const dismiss = useDismissDevice(projectId);
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  async function submit({ name }: { name: string }) {
    try {
      await claim.mutateAsync({ sn: device.sn, body: { name } });
      message.success(`“${name}” added to the project.`);
    } catch (e) {
      form.setFields([
        { name: 'name', errors: [e instanceof Error ? e.message : 'The device could not be added.'] },
      ]);
    }
  }

  return (
    <List.Item className="nl-pending-row" data-testid="pending-device" data-sn={device.sn}>
      <Flex vertical gap={6} style={{ width: '100%' }}>
        <Flex justify="space-between" align="center" gap={8}>
          <span>
            <Typography.Text strong>{device.model}</Typography.Text> <Tag>{typeLabel(device.type)}</Tag>
            {device.online ? <Tag color="success">Online</Tag> : <Tag>Offline</Tag>}
          </span>
          {canWrite && !naming ? (
            <Flex gap={4}>
              <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => setNaming(true)}>
                Add
              </Button>
              <Popconfirm
                title="Dismiss this device?"
                description="It disappears from this list; you can still add it by serial number."
                okText="Dismiss"
                onConfirm={() => dismiss.mutateAsync(device.sn).catch((e: Error) => message.error(e.message))}
              >
                <Button size="small" icon={<CloseOutlined />} loading={dismiss.isPending}>
                  Dismiss
                </Button>
              </Popconfirm>
            </Flex>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" className="nl-pending-meta">
          <span className="nl-mono">{device.sn}</span> · MAC <span className="nl-mono">{device.mac}</span> ·
          IP {text(device.ip)} · via {text(device.uplinkName ?? device.uplinkSn)}
        </Typography.Text>
        {naming ? (
          <Form
            form={form}
            layout="inline"
            onFinish={submit}
            initialValues={{ name: defaultDeviceName(device.sn, device.model) }}
            className="nl-pending-claim"
          >
            <Form.Item
              name="name"
              rules={[zodRule(deviceNameSchema)]}
              extra={`1–${DEVICE_NAME_MAX_LENGTH} characters, no spaces.`}
              style={{ flex: 1 }}
            >
              <Input aria-label="Device name" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={claim.isPending}>
              Add to project
            </Button>
            <Button type="text" onClick={() => setNaming(false)}>
              Cancel
            </Button>
          </Form>
        ) : null}
      </Flex>
    </List.Item>
  );
}
