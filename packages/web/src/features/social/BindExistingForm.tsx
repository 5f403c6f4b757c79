import { DEFAULT_COUNTRY_CODE, socialBindRequestSchema } from '@netloom/domain';
import { Alert, Button, Form, Segmented } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { parseRequest } from '../../components/parseRequest';
import { applyServerIssues } from '../../components/zodRule';
import { CodeField, EmailField, LoginPasswordField, MobileField } from '../auth';
import { socialApi } from './api';

type Proof = 'email' | 'mobile' | 'sms';

interface Values {
  email?: string;
  countryCode?: string;
  mobile?: string;
  password?: string;
  code?: string;
}

/**
 * "I have an account": the waiting identity is bound to the account these credentials prove — its
 * password (e-mail or mobile) or an SMS code — and the browser is signed in to it.
 */
export function BindExistingForm({ rememberSeconds, onDone }: { rememberSeconds: number; onDone(): void }) {
  const [form] = Form.useForm<Values>();
  const [proof, setProof] = useState<Proof>('email');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleFinish = async (v: Values) => {
    setError(null);
    const body = parseRequest(form, socialBindRequestSchema, {
      method: proof,
      rememberSeconds,
      ...(proof === 'email'
        ? { email: v.email ?? '', password: v.password ?? '' }
        : { countryCode: v.countryCode ?? '', mobile: v.mobile ?? '' }),
      ...(proof === 'mobile' ? { password: v.password ?? '' } : {}),
      ...(proof === 'sms' ? { code: v.code ?? '' } : {}),
    });
    if (!body) return;
    setSubmitting(true);
    try {
      await socialApi.bind(body);
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
      initialValues={{ countryCode: DEFAULT_COUNTRY_CODE }}
      onFinish={handleFinish}
      onValuesChange={() => setError(null)}
      aria-label="Bind to an existing account"
    >
      <Form.Item label="Sign in to your Netloom account with">
        <Segmented<Proof>
          block
          value={proof}
          onChange={(p) => {
            setProof(p);
            setError(null);
          }}
          options={[
            { label: 'E-mail', value: 'email' },
            { label: 'Mobile', value: 'mobile' },
            { label: 'SMS code', value: 'sms' },
          ]}
        />
      </Form.Item>
      {proof === 'email' ? <EmailField autoFocus /> : <MobileField autoFocus />}
      {proof === 'sms' ? <CodeField channel="mobile" purpose="login" /> : <LoginPasswordField />}
      {error ? <Alert type="error" showIcon title={error} className="nl-auth-alert" role="alert" /> : null}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        Link and sign in
      </Button>
    </Form>
  );
}
