import {
  SOLUTION_NAME_MAX_LENGTH,
  SOLUTION_TEXT_MAX_LENGTH,
  type SolutionDevice,
  solutionDevicesRefusal,
  solutionNameSchema,
  sortSolutionDevices,
} from '@netloom/domain';
import { Alert, Form, type FormInstance, Input, Typography } from 'antd';
import { zodRule } from '../../components/zodRule';
import { DeviceListEditor } from './DeviceListEditor';

export interface SolutionFormValues {
  name: string;
  devices: SolutionDevice[];
  advice: string;
  advantages: string;
}

/**
 * The form's values ready to save (devices in the network's order), or the §5 message that stops
 * the save before it is sent (the server answers the same rule with its code).
 */
export async function readSolutionForm(
  form: FormInstance<SolutionFormValues>,
): Promise<{ ok: true; values: SolutionFormValues } | { ok: false; message: string | null }> {
  const v = await form.validateFields().catch(() => null);
  if (!v) return { ok: false, message: null };
  const devices = sortSolutionDevices(form.getFieldValue('devices') as SolutionDevice[]);
  const refusal = solutionDevicesRefusal(devices);
  if (refusal) return { ok: false, message: refusal.message };
  return { ok: true, values: { ...v, devices } };
}

/** Name, device list, deployment advice and advantages of a solution (generated, then edited). */
export function SolutionForm({
  form,
  initial,
  error,
}: {
  form: FormInstance<SolutionFormValues>;
  initial: SolutionFormValues;
  error: string | null;
}) {
  return (
    <Form<SolutionFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      requiredMark={false}
      className="nl-solution-form"
    >
      <Form.Item
        name="name"
        label="Solution name"
        extra={`Required, up to ${SOLUTION_NAME_MAX_LENGTH} characters.`}
        rules={[zodRule(solutionNameSchema)]}
      >
        <Input count={{ show: true, max: SOLUTION_NAME_MAX_LENGTH }} placeholder="e.g. Harbour Hotel Wi-Fi" />
      </Form.Item>
      <Typography.Title level={5}>Devices</Typography.Title>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <DeviceListEditor />
      <Form.Item
        name="advice"
        label="Deployment advice"
        extra="One point per line."
        style={{ marginTop: 24 }}
      >
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={SOLUTION_TEXT_MAX_LENGTH} />
      </Form.Item>
      <Form.Item name="advantages" label="Advantages" extra="One point per line.">
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={SOLUTION_TEXT_MAX_LENGTH} />
      </Form.Item>
    </Form>
  );
}
