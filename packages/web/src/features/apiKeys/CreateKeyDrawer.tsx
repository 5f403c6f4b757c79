import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_PROJECTS_MAX,
  API_KEY_SCOPE_HELP,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyCreated,
  type ApiKeyScope,
  apiKeyNameSchema,
  apiKeyProjectIdsSchema,
} from '@netloom/domain';
import { Alert, Button, Drawer, Flex, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { applyServerIssues, zodRule } from '../../components/zodRule';
import { useCreateApiKey, useKeyProjects } from './api';

interface KeyFormValues {
  name: string;
  scope: ApiKeyScope;
  reach: 'all' | 'some';
  projectIds: number[];
  expiry: number | 'never';
}

const EXPIRY_OPTIONS = [
  ...API_KEY_EXPIRY_DAYS.map((d) => ({ value: d, label: d === 365 ? '1 year' : `${d} days` })),
  { value: 'never' as const, label: 'Never' },
];
const INITIAL: KeyFormValues = { name: '', scope: 'read', reach: 'all', projectIds: [], expiry: 90 };

/** "Create API key": name, scope, projects and expiry; the new key goes to `onCreated` (shown once). */
export function CreateKeyDrawer({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: ApiKeyCreated) => void;
}) {
  const [form] = Form.useForm<KeyFormValues>();
  const reach = Form.useWatch('reach', form) ?? INITIAL.reach;
  const projects = useKeyProjects();
  const create = useCreateApiKey();
  const [serverError, setServerError] = useState<string | null>(null);

  async function handleSave() {
    setServerError(null);
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const created = await create.mutateAsync({
        name: v.name,
        scope: v.scope,
        projectIds: v.reach === 'all' ? null : v.projectIds,
        expiresInDays: v.expiry === 'never' ? null : v.expiry,
      });
      onCreated(created);
    } catch (e) {
      const apiError = e instanceof ApiError ? e : null;
      if (apiError) applyServerIssues(form, apiError);
      setServerError(apiError?.message ?? 'Save failed. Please try again.');
    }
  }

  return (
    <Drawer
      open
      size={520}
      title="Create API key"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={create.isPending} onClick={handleSave}>
            Create key
          </Button>
        </Flex>
      }
    >
      {serverError ? (
        <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form<KeyFormValues> form={form} layout="vertical" initialValues={INITIAL} requiredMark={false}>
        <Form.Item
          name="name"
          label="Name"
          extra={`Up to ${API_KEY_NAME_MAX_LENGTH} characters, e.g. what uses the key.`}
          rules={[zodRule(apiKeyNameSchema)]}
        >
          <Input
            count={{ show: true, max: API_KEY_NAME_MAX_LENGTH }}
            placeholder="e.g. Inventory sync"
            autoFocus
          />
        </Form.Item>
        <Form.Item name="scope" label="Scope">
          <Radio.Group>
            <Space direction="vertical">
              {API_KEY_SCOPES.map((s) => (
                <Radio key={s} value={s}>
                  <Typography.Text strong>{API_KEY_SCOPE_LABELS[s]}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{API_KEY_SCOPE_HELP[s]}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="reach" label="Projects" style={{ marginBottom: reach === 'some' ? 8 : undefined }}>
          <Radio.Group
            options={[
              { value: 'all', label: 'All my projects' },
              { value: 'some', label: 'Only these projects' },
            ]}
          />
        </Form.Item>
        {reach === 'some' ? (
          <Form.Item
            name="projectIds"
            extra={`Up to ${API_KEY_PROJECTS_MAX}. Other projects answer as if they did not exist.`}
            rules={[zodRule(apiKeyProjectIdsSchema)]}
          >
            <Select
              mode="multiple"
              aria-label="Projects of the key"
              placeholder="Choose projects"
              loading={projects.isPending}
              optionFilterProp="label"
              options={(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="expiry"
          label="Expires after"
          extra="An expired key stops working; create a new one then."
        >
          <Select options={EXPIRY_OPTIONS} style={{ maxWidth: 200 }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
