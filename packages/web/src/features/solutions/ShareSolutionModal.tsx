import { type Solution, shareAccountIssue } from '@netloom/domain';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { issueRule } from '../../components/zodRule';
import { useShareSolution } from './api';

/** Gives another account a copy of the solution, by its e-mail or mobile number (21, 22, 28). */
export function ShareSolutionModal({ solution, onClose }: { solution: Solution; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ account: string }>();
  const share = useShareSolution(solution.id);
  const [error, setError] = useState<string | null>(null);

  async function handleOk() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await share.mutateAsync(v.account);
      message.success(`Shared with ${r.account}.`);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Sharing failed. Please try again.');
    }
  }

  return (
    <Modal
      open
      title="Share solution"
      okText="Share"
      onOk={handleOk}
      confirmLoading={share.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The account gets its own copy of “{solution.name}” in its solutions; later changes on either side stay
        separate.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ account: '' }}>
        <Form.Item
          name="account"
          label="E-mail or mobile number"
          extra="An existing Netloom account, e.g. name@example.com or +86 13800138000."
          rules={[issueRule(shareAccountIssue)]}
        >
          <Input autoFocus placeholder="name@example.com" onChange={() => setError(null)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
