import { SafetyOutlined, SwapOutlined } from '@ant-design/icons';
import {
  EMAIL_CODE_LENGTH,
  ERR,
  type Project,
  type TransferCodeResponse,
  transferCodeSchema,
  transferReceiverSchema,
  transferRequestSchema,
} from '@netloom/domain';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { checkedRequest } from '../../components/parseRequest';
import { zodRule } from '../../components/zodRule';
import { useCountdown } from '../auth';
import { sendTransferCode, useTransferProject } from './api';

interface Values {
  receiver?: string;
  code?: string;
  keepManage?: boolean;
}

/** Codes that belong to a field rather than to the whole dialog. */
const RECEIVER_CODES: ReadonlySet<number> = new Set([
  ERR.ACCOUNT_NOT_EXIST,
  ERR.ACCOUNT_DISABLED,
  ERR.TRANSFER_TO_OWNER,
  ERR.TRANSFER_RECEIVER_PROJECT_LIMIT,
  ERR.TRANSFER_RECEIVER_DEVICE_LIMIT,
]);
const CODE_CODES: ReadonlySet<number> = new Set([ERR.WRONG_VERIFICATION_CODE, ERR.VERIFY_ATTEMPTS_EXCEEDED]);

interface TransferModalProps {
  project: Project;
  open: boolean;
  onClose(): void;
  /** After a transfer: the project is someone else's now. */
  onTransferred(): void;
}

/**
 * "Transfer project" (issue 14 §2): the receiving account by e-mail or cloud code, a code sent to the
 * owner, and whether to keep a manage share. Says what happens before anything is done.
 */
export function TransferModal({ project, open, onClose, onTransferred }: TransferModalProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const transfer = useTransferProject();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<TransferCodeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  const showError = (e: unknown) => {
    const err = e instanceof ApiError ? e : new ApiError(ERR.SERVER_ERROR);
    if (RECEIVER_CODES.has(err.code)) form.setFields([{ name: 'receiver', errors: [err.message] }]);
    else if (CODE_CODES.has(err.code)) form.setFields([{ name: 'code', errors: [err.message] }]);
    else setError(err.message);
  };

  const handleSend = async () => {
    setError(null);
    setSending(true);
    try {
      const answer = await sendTransferCode(project.id);
      start(answer.resendAfter);
      setSent(answer);
    } catch (e) {
      showError(e);
    } finally {
      setSending(false);
    }
  };

  const handleClose = () => {
    form.resetFields();
    setError(null);
    setSent(null);
    onClose();
  };

  const handleOk = async () => {
    setError(null);
    const body = await checkedRequest(form, transferRequestSchema);
    if (!body) return;
    try {
      const done = await transfer.mutateAsync({ projectId: project.id, body });
      message.success(`"${project.name}" now belongs to ${done.ownerNick}.`);
      form.resetFields();
      setSent(null);
      onTransferred();
    } catch (e) {
      showError(e);
    }
  };

  const devices = `${project.deviceCount} device${project.deviceCount === 1 ? '' : 's'}`;
  return (
    <Modal
      open={open}
      title={
        <span>
          <SwapOutlined aria-hidden /> Transfer project
        </span>
      }
      okText="Transfer project"
      okButtonProps={{ danger: true }}
      onOk={handleOk}
      confirmLoading={transfer.isPending}
      onCancel={handleClose}
      forceRender
    >
      <Alert
        type="warning"
        showIcon
        className="nl-transfer-warning"
        title={`"${project.name}" and its ${devices} will belong to the receiving account.`}
        description="You lose full control of the project: only its new owner can edit, share, lock, delete or transfer it. Keep a manage share below to go on managing its devices."
      />
      <Form<Values>
        form={form}
        name="transferProject"
        layout="vertical"
        requiredMark={false}
        initialValues={{ keepManage: false }}
        onValuesChange={() => setError(null)}
      >
        <Form.Item
          name="receiver"
          label="Receiving account"
          extra="The e-mail address or the cloud code of the account (shown in its account menu)."
          rules={[zodRule(transferReceiverSchema)]}
          validateTrigger="onBlur"
        >
          <Input placeholder="name@example.com or cloud code" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Verification code"
          required
          extra={
            sent ? (
              <span role="status">
                Code sent to {sent.destination}. It is valid for{' '}
                {Math.max(1, Math.round(sent.expiresIn / 60))} minutes.
              </span>
            ) : (
              'We send a code to your own e-mail (or mobile) to confirm it is you.'
            )
          }
        >
          <Space.Compact block>
            <Form.Item name="code" noStyle validateTrigger="onBlur" rules={[zodRule(transferCodeSchema)]}>
              <Input
                prefix={<SafetyOutlined aria-hidden />}
                aria-label="Verification code"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="Code"
                maxLength={EMAIL_CODE_LENGTH}
              />
            </Form.Item>
            <Button onClick={handleSend} loading={sending} disabled={secondsLeft > 0}>
              {secondsLeft > 0 ? `Resend in ${secondsLeft}s` : 'Send code'}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="keepManage" valuePropName="checked">
          <Checkbox>Keep a manage share for me after the transfer</Checkbox>
        </Form.Item>
        <Typography.Paragraph type="secondary" className="nl-transfer-note">
          The transfer is recorded in the project log, and everyone who has the project open sees it at once.
        </Typography.Paragraph>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
