import { changePasswordRequestSchema, ERR, LOADING_STATES } from '@netloom/domain';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useLoading } from '../../components/loading';
import { checkedRequest } from '../../components/parseRequest';
import { applyServerIssues } from '../../components/zodRule';
import { authApi, NewPasswordFields } from '../auth';

interface Values {
  oldPassword?: string;
  password?: string;
  confirmPassword?: string;
}

/**
 * Change password (issue 2 §4): wrong old password is code 100; on success every other session
 * of the account ends (they get 70 on their next call) and this one continues.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const { run } = useLoading();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    setError(null);
    const body = await checkedRequest(form, changePasswordRequestSchema);
    if (!body) return;
    setSaving(true);
    try {
      await run(LOADING_STATES.SAVING, () => authApi.changePassword(body));
      message.success('Password changed. Other browsers signed in to this account were signed out.');
      form.resetFields();
      onClose();
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(ERR.SERVER_ERROR);
      if (err.code === ERR.WRONG_OLD_PASSWORD)
        form.setFields([{ name: 'oldPassword', errors: [err.message] }]);
      else if (!applyServerIssues(form, err)) setError(err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Change password"
      okText="Change password"
      onOk={handleOk}
      confirmLoading={saving}
      onCancel={() => {
        form.resetFields();
        setError(null);
        onClose();
      }}
      forceRender
    >
      <Form<Values>
        form={form}
        name="changePassword"
        layout="vertical"
        requiredMark={false}
        onValuesChange={() => setError(null)}
      >
        <Form.Item
          name="oldPassword"
          label="Current password"
          rules={[{ required: true, message: 'Enter your current password.' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields label="New password" confirmLabel="Confirm new password" icons={false} />
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
