/** Blocking a client by hand: its MAC (the client list's validator) and an optional name. */
import { StopOutlined } from '@ant-design/icons';
import { BLACKLIST_NAME_MAX_LENGTH, blacklistMacIssue, blacklistNameIssue } from '@netloom/domain';
import { App, Button, Form, Input } from 'antd';
import { ApiError } from '../../api/client';
import { issueRule } from '../../components/zodRule';
import { useBlockClient } from './api';

interface FormValues {
  mac: string;
  name?: string;
}

export function BlacklistForm({ projectId }: { projectId: number }) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const block = useBlockClient(projectId);

  async function handleFinish(v: FormValues) {
    try {
      await block.mutateAsync({ mac: v.mac.trim().toUpperCase(), name: v.name?.trim() ?? '' });
      message.success(`${v.mac.trim().toUpperCase()} blocked.`);
      form.resetFields();
    } catch (err) {
      // The server's catalogue message if it still refuses (156 full, 500 already blocked).
      const text =
        err instanceof ApiError || err instanceof Error ? err.message : 'The client could not be blocked.';
      form.setFields([{ name: 'mac', errors: [text] }]);
    }
  }

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={handleFinish}
      className="nl-blacklist-form"
      data-testid="blacklist-form"
    >
      <Form.Item
        name="mac"
        label="MAC address"
        extra="Six pairs of hex digits, e.g. A4:83:E7:10:22:31"
        rules={[issueRule((v) => blacklistMacIssue(v))]}
      >
        <Input placeholder="AA:BB:CC:DD:EE:FF" className="nl-mono" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label="Name (optional)"
        extra={`Who the client is, 1–${BLACKLIST_NAME_MAX_LENGTH} characters`}
        rules={[issueRule((v) => blacklistNameIssue(v))]}
      >
        <Input placeholder="e.g. Unknown laptop" maxLength={BLACKLIST_NAME_MAX_LENGTH} />
      </Form.Item>
      <Button type="primary" danger htmlType="submit" icon={<StopOutlined />} loading={block.isPending}>
        Block client
      </Button>
    </Form>
  );
}
