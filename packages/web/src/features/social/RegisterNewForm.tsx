import { socialRegisterRequestSchema } from '@netloom/domain';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { parseRequest } from '../../components/parseRequest';
import { applyServerIssues } from '../../components/zodRule';
import { CodeField, EmailField } from '../auth';
import { socialApi } from './api';

interface Values {
  email?: string;
  code?: string;
}

/**
 * "Create an account": a new Netloom account for the waiting identity, its e-mail proved by a
 * code. It has no password: it signs in with the provider (a password can be set later with
 * "Forgot password").
 */
export function RegisterNewForm({
  email,
  rememberSeconds,
  onDone,
}: {
  email: string | null;
  rememberSeconds: number;
  onDone(): void;
}) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (v: Values) => {
    setError(null);
    const body = parseRequest(form, socialRegisterRequestSchema, {
      email: v.email ?? '',
      code: v.code ?? '',
      rememberSeconds,
    });
    if (!body) return;
    setSubmitting(true);
    try {
      await socialApi.register(body);
      onDone();
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(2000);
      if (!applyServerIssues(form, err)) setError(err.message);
      setSubmitting(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: email ?? '' }}
      onFinish={handleFinish}
      onValuesChange={() => setError(null)}
      aria-label="Create an account"
    >
      <EmailField autoComplete="email" />
      <CodeField channel="email" purpose="register" />
      {error ? <Alert type="error" showIcon title={error} className="nl-auth-alert" role="alert" /> : null}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        Create account and sign in
      </Button>
    </Form>
  );
}
