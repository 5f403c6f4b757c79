import { SafetyOutlined } from '@ant-design/icons';
import {
  type Account,
  EMAIL_CODE_LENGTH,
  ERR,
  emailBindRequestSchema,
  emailCodeSchema,
  emailSchema,
  SAME_EMAIL_MESSAGE,
} from '@netloom/domain';
import { Alert, App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { checkedRequest } from '../../components/parseRequest';
import { applyServerIssues, issueRule, zodRule } from '../../components/zodRule';
import { EmailField, useCountdown } from '../auth';
import { sendEmailCode, useBindEmail } from './api';

interface Values {
  email?: string;
  code?: string;
}

/** Codes that belong to a field rather than to the whole dialog. */
const EMAIL_CODES: ReadonlySet<number> = new Set([ERR.ACCOUNT_EXISTS, ERR.REPEATED_CLICK]);
const CODE_CODES: ReadonlySet<number> = new Set([ERR.WRONG_VERIFICATION_CODE, ERR.VERIFY_ATTEMPTS_EXCEEDED]);

/** The new address differs from the current one (the server says the same, as a 400 field issue). */
function differsFrom(current: string | null) {
  return issueRule((value) => {
    const parsed = emailSchema.safeParse(value);
    return parsed.success && parsed.data === current ? SAME_EMAIL_MESSAGE : null;
  });
}

/**
 * Bind an e-mail to the account, or change it: a 6-digit code goes to the NEW address and entering
 * it moves the account there. Field rules run before anything is sent; the server's 13 lands on the
 * address, 12 and 75 on the code.
 */
export function EmailBindModal({
  account,
  open,
  onClose,
}: {
  account: Account;
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const bind = useBindEmail();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ to: string; minutes: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const changing = account.email !== null;
  const title = changing ? 'Change e-mail' : 'Bind e-mail';

  const showError = (e: unknown) => {
    const err = e instanceof ApiError ? e : new ApiError(ERR.SERVER_ERROR);
    if (EMAIL_CODES.has(err.code)) form.setFields([{ name: 'email', errors: [err.message] }]);
    else if (CODE_CODES.has(err.code)) form.setFields([{ name: 'code', errors: [err.message] }]);
    else if (!applyServerIssues(form, err)) setError(err.message);
  };

  const handleSend = async () => {
    setError(null);
    try {
      await form.validateFields(['email']);
    } catch {
      return; // the address shows what is wrong
    }
    const email = emailSchema.parse(form.getFieldValue('email') ?? '');
    setSending(true);
    try {
      const answer = await sendEmailCode({ email });
      start(answer.resendAfter);
      setSent({ to: email, minutes: Math.max(1, Math.round(answer.expiresIn / 60)) });
    } catch (e) {
      showError(e);
    } finally {
      setSending(false);
    }
  };

  const handleOk = async () => {
    setError(null);
    const body = await checkedRequest(form, emailBindRequestSchema);
    if (!body) return;
    try {
      await bind.mutateAsync(body);
      message.success(changing ? 'E-mail changed.' : 'E-mail bound to your account.');
      handleClose();
    } catch (e) {
      showError(e);
    }
  };

  const handleClose = () => {
    form.resetFields();
    setError(null);
    setSent(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={changing ? 'Change e-mail' : 'Bind e-mail'}
      onOk={handleOk}
      confirmLoading={bind.isPending}
      onCancel={handleClose}
      forceRender
    >
      <Typography.Paragraph type="secondary">
        {changing
          ? `Your account signs in with ${account.email}. Enter the new address and the code we send to it.`
          : 'Add an e-mail address to sign in with and to reset your password by e-mail. We send a code to it to confirm it is yours.'}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        name="bindEmail"
        layout="vertical"
        requiredMark={false}
        onValuesChange={() => setError(null)}
      >
        <EmailField label="New e-mail" autoComplete="email" rules={[differsFrom(account.email)]} />
        <Form.Item
          label="E-mail code"
          required
          extra={
            sent ? (
              <span role="status">
                Code sent to {sent.to}. Check your inbox; it is valid for {sent.minutes} minutes.
              </span>
            ) : (
              `${EMAIL_CODE_LENGTH} digits, sent to the new address.`
            )
          }
        >
          <Space.Compact block>
            <Form.Item name="code" noStyle validateTrigger="onBlur" rules={[zodRule(emailCodeSchema)]}>
              <Input
                prefix={<SafetyOutlined aria-hidden />}
                aria-label="E-mail code"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={`${EMAIL_CODE_LENGTH}-digit code`}
                maxLength={EMAIL_CODE_LENGTH}
              />
            </Form.Item>
            <Button onClick={handleSend} loading={sending} disabled={secondsLeft > 0}>
              {secondsLeft > 0 ? `Resend in ${secondsLeft}s` : 'Send code'}
            </Button>
          </Space.Compact>
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
