/** Share with an account, or change a share: permission, role and expiry (§3 share record). */
import {
  type ProjectShare,
  SHARE_PERMISSION_LABELS,
  SHARE_PERMISSION_VALUES,
  SHARE_ROLE_LABELS,
  SHARE_ROLE_VALUES,
  type SharePermission,
  type ShareRole,
  shareAccountIssue,
} from '@netloom/domain';
import { Alert, Button, Drawer, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { useShareActions } from './api';
import { ExpiryField } from './ExpiryField';
import { type ExpiryValue, toShareExpiry } from './expiry';

interface ShareValues {
  account: string;
  permission: SharePermission;
  role: ShareRole;
  expiry: ExpiryValue;
}

interface ShareDrawerProps {
  projectId: number;
  open: boolean;
  /** The share being changed; null: a new share. */
  editing: ProjectShare | null;
  /** Whether the caller may give manageable shares (the owner). */
  canShareManage: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}

const PERMISSION_HELP: Record<SharePermission, string> = {
  r: 'Sees the project, its devices, data and logs; cannot change anything.',
  rw: 'Manages devices and every setting; cannot delete, lock or transfer the project.',
};

export function ShareDrawer({ projectId, open, editing, canShareManage, onClose, onDone }: ShareDrawerProps) {
  const [form] = Form.useForm<ShareValues>();
  const actions = useShareActions(projectId);
  const [error, setError] = useState<string | null>(null);
  const permission = Form.useWatch('permission', form);
  const busy = actions.create.isPending || actions.update.isPending;

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        account: editing.account,
        permission: editing.permission,
        role: editing.role,
        expiry: editing.expiresAt
          ? { kind: 'custom', hours: 24, at: dayjs(editing.expiresAt) }
          : { kind: 'never', hours: 24, at: null },
      });
  }, [open, editing, form]);

  async function handleSubmit(values: ShareValues) {
    setError(null);
    const expiry = toShareExpiry(values.expiry);
    try {
      if (editing) {
        await actions.update.mutateAsync({
          accountId: editing.accountId,
          body: { permission: values.permission, role: values.role, expiry },
        });
        onDone(`Share with ${editing.nick || editing.account} updated.`);
      } else {
        const share = await actions.create.mutateAsync({
          account: values.account,
          permission: values.permission,
          role: values.role,
          expiry,
        });
        onDone(`Project shared with ${share.nick || share.account}.`);
      }
    } catch (err) {
      if (err instanceof ApiError && err.issues.length > 0)
        form.setFields(
          err.issues.map((i) => ({ name: i.path === 'account' ? 'account' : 'expiry', errors: [i.message] })),
        );
      else setError(err instanceof Error ? err.message : 'The share could not be saved.');
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? `Change share — ${editing.nick || editing.account}` : 'Share project'}
      size={480}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            {editing ? 'Save' : 'Share'}
          </Button>
        </Flex>
      }
    >
      <Form<ShareValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ permission: 'r', role: 0, expiry: { kind: 'never', hours: 24, at: null } }}
        onFinish={(v) => void handleSubmit(v)}
      >
        <Form.Item
          name="account"
          label="Account"
          extra="The e-mail address or mobile number the person signs in with."
          rules={[
            {
              validator: async (_r, value: string | undefined) => {
                const issue = shareAccountIssue(value ?? '');
                if (issue) throw new Error(issue);
              },
            },
          ]}
        >
          <Input placeholder="name@example.com or 13800138000" disabled={!!editing} autoComplete="off" />
        </Form.Item>
        <Form.Item name="permission" label="Permission" extra={PERMISSION_HELP[permission ?? 'r']}>
          <Radio.Group
            optionType="button"
            options={SHARE_PERMISSION_VALUES.map((p) => ({
              value: p,
              label: SHARE_PERMISSION_LABELS[p],
              disabled: p === 'rw' && !canShareManage,
            }))}
          />
        </Form.Item>
        {permission === 'rw' ? (
          <Form.Item
            name="role"
            label="Role"
            extra="An administrator may also share the project read-only with others; a guest may not."
          >
            <Select
              aria-label="Role"
              options={SHARE_ROLE_VALUES.map((r) => ({ value: r, label: SHARE_ROLE_LABELS[r] }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="expiry" label="Expires">
          <ExpiryField />
        </Form.Item>
        {!canShareManage ? (
          <Typography.Paragraph type="secondary">
            Only the owner can give manage permission.
          </Typography.Paragraph>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
    </Drawer>
  );
}
