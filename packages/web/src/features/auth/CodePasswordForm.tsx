import { type CodePurpose, DEFAULT_COUNTRY_CODE } from '@netloom/domain';
import { Alert, Button, Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { applyServerIssues } from '../../components/zodRule';
import { ChannelTabs } from './ChannelTabs';
import { type Channel, CodeField, EmailField, MobileField, NewPasswordFields } from './fields';

export interface CodePasswordValues {
  email?: string;
  countryCode?: string;
  mobile?: string;
  code?: string;
  password?: string;
  confirmPassword?: string;
}

interface CodePasswordFormProps {
  purpose: CodePurpose;
  submitLabel: string;
  passwordLabel?: string;
  /** Parses with the domain schema (marking fields) and calls the API; null = invalid, nothing sent. */
  onSubmit(
    channel: Channel,
    values: CodePasswordValues,
    form: FormInstance<CodePasswordValues>,
  ): Promise<void>;
}

/**
 * Register and forgot-password share one shape (§5): e-mail + 6-digit code, or mobile + 4-digit
 * SMS code, then a new password with its confirmation.
 */
export function CodePasswordForm({ purpose, submitLabel, passwordLabel, onSubmit }: CodePasswordFormProps) {
  const [channel, setChannel] = useState<Channel>('email');
  const [form] = Form.useForm<CodePasswordValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleFinish = async (values: CodePasswordValues) => {
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit(channel, values, form);
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(2000);
      if (!applyServerIssues(form, err)) setError(err.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <ChannelTabs
        idPrefix={purpose}
        value={channel}
        onChange={(next) => {
          setChannel(next);
          setError(null);
          // The code was sent to the other channel; it cannot be reused.
          form.setFieldValue('code', '');
        }}
      />
      <Form<CodePasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ countryCode: DEFAULT_COUNTRY_CODE }}
        onFinish={handleFinish}
        onValuesChange={() => setError(null)}
        id={`${purpose}-panel`}
        role="tabpanel"
        aria-labelledby={`${purpose}-tab-${channel}`}
      >
        {channel === 'email' ? <EmailField autoFocus /> : <MobileField autoFocus />}
        <CodeField channel={channel} purpose={purpose} />
        <NewPasswordFields label={passwordLabel} />
        {error ? <Alert type="error" showIcon title={error} className="nl-auth-alert" role="alert" /> : null}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
