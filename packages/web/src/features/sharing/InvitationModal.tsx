/** Create an invitation code: its right, how long it may be redeemed, and the share it gives. Shown once. */
import {
  INVITATION_VALIDITY_PRESETS,
  type Invitation,
  SHARE_PERMISSION_LABELS,
  SHARE_PERMISSION_VALUES,
  type SharePermission,
} from '@netloom/domain';
import { Alert, Button, Flex, Form, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { PAGES } from '../../navigation/paths';
import { useInvitationActions } from './api';
import { ExpiryField } from './ExpiryField';
import { type ExpiryValue, toShareExpiry } from './expiry';

interface InvitationValues {
  permission: SharePermission;
  validHours: number;
  expiry: ExpiryValue;
}

const VALIDITY_LABELS: Record<number, string> = { 1: '1 hour', 24: '1 day', 72: '3 days', 168: '7 days' };

/** The link an invitee opens: the join page with the code filled in. */
export function invitationLink(code: string): string {
  return `${window.location.origin}${PAGES.joinProject}?code=${encodeURIComponent(code)}`;
}

interface InvitationModalProps {
  projectId: number;
  open: boolean;
  canShareManage: boolean;
  onClose: () => void;
}

export function InvitationModal({ projectId, open, canShareManage, onClose }: InvitationModalProps) {
  const [form] = Form.useForm<InvitationValues>();
  const actions = useInvitationActions(projectId);
  const [made, setMade] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);

  function handleClose() {
    setMade(null);
    setError(null);
    form.resetFields();
    onClose();
  }

  async function handleCreate(values: InvitationValues) {
    setError(null);
    try {
      const invitation = await actions.create.mutateAsync({
        permission: values.permission,
        validHours: values.validHours,
        expiry: toShareExpiry(values.expiry),
      });
      setMade(invitation);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The invitation could not be created.');
    }
  }

  const code = made?.code ?? '';
  return (
    <Modal
      open={open}
      title={made ? 'Invitation code ready' : 'Invite with a code'}
      onCancel={handleClose}
      destroyOnHidden
      footer={
        made ? (
          <Button type="primary" onClick={handleClose}>
            Done
          </Button>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={handleClose}>Cancel</Button>
            <Button type="primary" loading={actions.create.isPending} onClick={() => form.submit()}>
              Create code
            </Button>
          </Flex>
        )
      }
    >
      {made ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary">
            Send the code or the link to the person you invite. They sign in and join the project with it.
            This is the only time the code is shown.
          </Typography.Paragraph>
          <Typography.Text className="nl-invite-code" copyable={{ text: code }} data-testid="invitation-code">
            {code}
          </Typography.Text>
          <Typography.Text copyable={{ text: invitationLink(code) }} type="secondary" ellipsis>
            {invitationLink(code)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {SHARE_PERMISSION_LABELS[made.permission]} permission · valid until{' '}
            {new Date(made.validUntil).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
          </Typography.Text>
        </Flex>
      ) : (
        <Form<InvitationValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ permission: 'r', validHours: 24, expiry: { kind: 'never', hours: 24, at: null } }}
          onFinish={(v) => void handleCreate(v)}
        >
          <Form.Item name="permission" label="Permission">
            <Radio.Group
              optionType="button"
              options={SHARE_PERMISSION_VALUES.map((p) => ({
                value: p,
                label: SHARE_PERMISSION_LABELS[p],
                disabled: p === 'rw' && !canShareManage,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="validHours"
            label="Code valid for"
            extra="After this the code is refused as expired."
          >
            <Select
              aria-label="Code valid for"
              options={INVITATION_VALIDITY_PRESETS.map((h) => ({
                value: h,
                label: VALIDITY_LABELS[h] ?? `${h} hours`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="expiry"
            label="Access expires"
            extra="How long the project stays shared once the code is redeemed."
          >
            <ExpiryField />
          </Form.Item>
          {error ? <Alert type="error" showIcon title={error} /> : null}
        </Form>
      )}
    </Modal>
  );
}
