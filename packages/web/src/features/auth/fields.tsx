import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  COUNTRY_CODE_MAX_LENGTH,
  type CodePurpose,
  DEFAULT_COUNTRY_CODE,
  EMAIL_CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  emailCodeSchema,
  emailSchema,
  LOGIN_PASSWORD_INPUT_MAX_LENGTH,
  MOBILE_MAX_LENGTH,
  mobileIssue,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  SMS_CODE_LENGTH,
  smsCodeSchema,
} from '@netloom/domain';
import { Button, Form, type FormRule, Input, Space } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { issueRule, matchRule, zodRule } from '../../components/zodRule';
import { authApi } from './api';
import { useCountdown } from './useCountdown';

/**
 * Form fields shared by the sign-in, register and forgot-password screens. Every rule comes from
 * the domain schemas, so the inline message is the one the server would send.
 */

export type Channel = 'email' | 'mobile';

interface EmailFieldProps {
  autoFocus?: boolean;
  label?: string;
  /** `username` on the sign-in screens; `email` where an address is added to an account. */
  autoComplete?: 'username' | 'email';
  /** Rules beyond the address rule (e.g. "not the current address"). */
  rules?: FormRule[];
}

export function EmailField({
  autoFocus,
  label = 'E-mail',
  autoComplete = 'username',
  rules = [],
}: EmailFieldProps) {
  return (
    <Form.Item name="email" label={label} rules={[zodRule(emailSchema), ...rules]} validateTrigger="onBlur">
      <Input
        prefix={<MailOutlined aria-hidden />}
        type="email"
        autoComplete={autoComplete}
        placeholder="name@example.com"
        maxLength={EMAIL_MAX_LENGTH}
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
}

/** Country prefix (default 86, §9) and mobile number; the number rule depends on the prefix. */
// Errors of the `noStyle` inner items are collected and shown by the outer labelled Form.Item.
export function MobileField({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <Form.Item label="Mobile number" required>
      <Space.Compact block>
        {/* The form's initialValues carry the default prefix (86, §9). */}
        <Form.Item name="countryCode" noStyle>
          <Input
            prefix="+"
            aria-label="Country code"
            inputMode="numeric"
            maxLength={COUNTRY_CODE_MAX_LENGTH}
            style={{ width: 88 }}
          />
        </Form.Item>
        <Form.Item
          name="mobile"
          noStyle
          dependencies={['countryCode']}
          validateTrigger="onBlur"
          rules={[
            issueRule((v, form) => mobileIssue(v.trim(), String(form.getFieldValue('countryCode') ?? ''))),
          ]}
        >
          <Input
            prefix={<MobileOutlined aria-hidden />}
            aria-label="Mobile number"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="Mobile number"
            maxLength={MOBILE_MAX_LENGTH}
            autoFocus={autoFocus}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** Sign-in password: only "not empty" here; the length rules apply to new passwords. */
export function LoginPasswordField() {
  return (
    <Form.Item
      name="password"
      label="Password"
      rules={[{ required: true, whitespace: false, message: 'Enter your password.' }]}
    >
      <Input.Password
        prefix={<LockOutlined aria-hidden />}
        autoComplete="current-password"
        maxLength={LOGIN_PASSWORD_INPUT_MAX_LENGTH}
      />
    </Form.Item>
  );
}

interface NewPasswordFieldsProps {
  label?: string;
  confirmLabel?: string;
  /** The lock icon inside the inputs (the sign-in screens); off in the console's dialogs. */
  icons?: boolean;
}

/** New password and its confirmation (§5: 6–32 characters, must match). */
export function NewPasswordFields({
  label = 'Password',
  confirmLabel = 'Confirm password',
  icons = true,
}: NewPasswordFieldsProps) {
  const prefix = icons ? <LockOutlined aria-hidden /> : undefined;
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[zodRule(passwordSchema)]}
        extra={`${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters, no spaces.`}
        validateTrigger="onBlur"
      >
        <Input.Password prefix={prefix} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={['password']}
        rules={[matchRule('password')]}
        validateTrigger="onBlur"
      >
        <Input.Password prefix={prefix} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
      </Form.Item>
    </>
  );
}

/**
 * A verification code with its "Send code" button. E-mail codes have 6 digits, SMS codes 4 (§5);
 * the resend countdown comes from the server's `resendAfter`.
 */
export function CodeField({ channel, purpose }: { channel: Channel; purpose: CodePurpose }) {
  const form = Form.useFormInstance();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  // Inline confirmation instead of a toast: the sign-in screens run without antd's App context.
  const [sentNote, setSentNote] = useState<string | null>(null);
  const length = channel === 'email' ? EMAIL_CODE_LENGTH : SMS_CODE_LENGTH;
  const target = channel === 'email' ? ['email'] : ['countryCode', 'mobile'];

  const handleSend = async () => {
    try {
      await form.validateFields(target);
    } catch {
      return; // the target field shows what is wrong
    }
    setSending(true);
    setSentNote(null);
    try {
      const v = form.getFieldsValue(target) as { email?: string; countryCode?: string; mobile?: string };
      const res =
        channel === 'email'
          ? await authApi.sendCode({ channel: 'email', purpose, email: v.email ?? '' })
          : await authApi.sendCode({
              channel: 'sms',
              purpose,
              countryCode: v.countryCode ?? DEFAULT_COUNTRY_CODE,
              mobile: (v.mobile ?? '').trim(),
            });
      start(res.resendAfter);
      const minutes = Math.max(1, Math.round(res.expiresIn / 60));
      setSentNote(
        `${channel === 'email' ? 'Code sent. Check your inbox' : 'Code sent by SMS'}; it is valid for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    } catch (e) {
      const text = e instanceof ApiError ? e.message : 'The code could not be sent.';
      form.setFields([{ name: channel === 'email' ? 'email' : 'mobile', errors: [text] }]);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item
      label={channel === 'email' ? 'E-mail code' : 'SMS code'}
      required
      extra={sentNote ? <span role="status">{sentNote}</span> : undefined}
    >
      <Space.Compact block>
        <Form.Item
          name="code"
          noStyle
          validateTrigger="onBlur"
          rules={[zodRule(channel === 'email' ? emailCodeSchema : smsCodeSchema)]}
        >
          <Input
            prefix={<SafetyOutlined aria-hidden />}
            aria-label={channel === 'email' ? 'E-mail code' : 'SMS code'}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={`${length}-digit code`}
            maxLength={length}
          />
        </Form.Item>
        <Button onClick={handleSend} loading={sending} disabled={secondsLeft > 0} className="nl-send-code">
          {secondsLeft > 0 ? `Resend in ${secondsLeft}s` : 'Send code'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
