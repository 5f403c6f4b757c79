import {
  ALARM_SEVERITIES,
  type AlarmSeverity,
  DEFAULT_NOTIFY_LEVEL,
  NOTIFY_EMAIL_MAX_LENGTH,
  NOTIFY_LEVEL_LABELS,
  NOTIFY_URL_MAX_LENGTH,
  type NotifyChannelCreated,
  type NotifyChannelKind,
  notifyTargetIssue,
} from '@netloom/domain';
import { Alert, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { applyServerIssues, issueRule } from '../../components/zodRule';
import { useCreateChannel } from './api';

interface Values {
  target: string;
  minLevel: AlarmSeverity;
}

interface AddChannelDrawerProps {
  projectId: number;
  kind: NotifyChannelKind;
  onClose(): void;
  /** The channel was added (a webhook's secret is in it, to be shown once). */
  onAdded(created: NotifyChannelCreated): void;
}

const COPY: Record<NotifyChannelKind, { title: string; label: string; placeholder: string; help: string }> = {
  email: {
    title: 'Add e-mail recipient',
    label: 'E-mail address',
    placeholder: 'noc@example.com',
    help: `A valid address of at most ${NOTIFY_EMAIL_MAX_LENGTH} characters.`,
  },
  webhook: {
    title: 'Add webhook',
    label: 'Webhook URL',
    placeholder: 'https://hooks.example.com/netloom',
    help: `An http:// or https:// URL of at most ${NOTIFY_URL_MAX_LENGTH.toLocaleString('en-US')} characters. Netloom POSTs signed JSON to it and does not follow redirects.`,
  },
};

/** Add one e-mail address or webhook with its minimum level; the domain's rules are checked before submit. */
export function AddChannelDrawer({ projectId, kind, onClose, onAdded }: AddChannelDrawerProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateChannel(projectId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const copy = COPY[kind];

  async function handleSave() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setRefusal(null);
    try {
      onAdded(await create.mutateAsync({ kind, target: values.target, minLevel: values.minLevel }));
    } catch (err) {
      if (err instanceof ApiError && applyServerIssues(form, err)) return;
      setRefusal(err instanceof Error ? err.message : 'The channel could not be added.');
    }
  }

  return (
    <Drawer
      open
      size={480}
      title={copy.title}
      onClose={onClose}
      destroyOnHidden
      data-testid="notify-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={create.isPending} onClick={handleSave} data-testid="notify-save">
            {kind === 'email' ? 'Add recipient' : 'Add webhook'}
          </Button>
        </Flex>
      }
    >
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ target: '', minLevel: DEFAULT_NOTIFY_LEVEL }}
        onFinish={handleSave}
      >
        <Form.Item
          name="target"
          label={copy.label}
          extra={copy.help}
          validateTrigger="onBlur"
          rules={[issueRule((v) => notifyTargetIssue(kind, v))]}
        >
          <Input
            autoFocus
            placeholder={copy.placeholder}
            maxLength={kind === 'email' ? NOTIFY_EMAIL_MAX_LENGTH : NOTIFY_URL_MAX_LENGTH}
            data-testid="notify-target"
            onPressEnter={() => void handleSave()}
          />
        </Form.Item>
        <Form.Item
          name="minLevel"
          label="Send alarms of"
          extra="Alarms below this level are listed in the console only."
        >
          <Select
            data-testid="notify-level"
            options={[...ALARM_SEVERITIES]
              .reverse()
              .map((l) => ({ value: l, label: NOTIFY_LEVEL_LABELS[l] }))}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
