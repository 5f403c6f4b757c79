import { CheckCircleFilled } from '@ant-design/icons';
import {
  DEVICE_LOCATION_MAX_LENGTH,
  DEVICE_NAME_MAX_LENGTH,
  type DeviceAddRequest,
  type DeviceDetail,
  deviceLocationSchema,
  deviceNameSchema,
  ERR,
  SN_INPUT_MAX_LENGTH,
  SN_MAX_LENGTH,
  SN_MIN_LENGTH,
  serialNumberSchema,
} from '@netloom/domain';
import { Alert, Button, Form, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { applyServerIssues, zodRule } from '../../../components/zodRule';
import { useAddDevice } from '../api';

/** Codes about the serial number itself: shown on the SN field; the others above the form. */
const SN_CODES: ReadonlySet<number> = new Set([ERR.DEVICE_IN_OTHER_PROJECT, ERR.DATA_EXISTS]);

interface Props {
  projectId: number;
  onAdded?(d: DeviceDetail): void;
}

/** "By serial number": one device at a time; after each success the form clears for the next. */
export function BySerialForm({ projectId, onAdded }: Props) {
  const [form] = Form.useForm<DeviceAddRequest>();
  const add = useAddDevice(projectId);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<DeviceDetail[]>([]);

  async function submit(values: DeviceAddRequest) {
    setError(null);
    try {
      const body: DeviceAddRequest = {
        sn: values.sn.trim(),
        name: values.name,
        location: values.location?.trim() ? values.location : undefined,
      };
      const device = await add.mutateAsync(body);
      setAdded((a) => [device, ...a]);
      // Keep the location: several devices are often added in the same place one after another.
      form.setFieldsValue({ sn: '', name: '' });
      form.getFieldInstance('sn')?.focus?.();
      onAdded?.(device);
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setError('The device could not be added.');
        return;
      }
      if (applyServerIssues(form, e)) return;
      if (SN_CODES.has(e.code)) form.setFields([{ name: 'sn', errors: [e.message] }]);
      else setError(e.message);
    }
  }

  return (
    <>
      {error ? (
        <Alert type="error" showIcon title={error} className="nl-add-error" data-testid="add-device-error" />
      ) : null}
      <Form<DeviceAddRequest>
        form={form}
        name="add-device"
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
      >
        <Form.Item
          name="sn"
          label="Serial number"
          required
          extra={`${SN_MIN_LENGTH}–${SN_MAX_LENGTH} letters or digits, printed on the device label.`}
          rules={[zodRule(serialNumberSchema)]}
          validateTrigger="onBlur"
        >
          <Input
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={SN_INPUT_MAX_LENGTH}
            className="nl-mono"
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="Device name"
          required
          extra={`1–${DEVICE_NAME_MAX_LENGTH} characters, no spaces.`}
          rules={[zodRule(deviceNameSchema)]}
          validateTrigger="onBlur"
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="location"
          label="Location"
          extra={`Optional, up to ${DEVICE_LOCATION_MAX_LENGTH} characters.`}
          rules={[zodRule(deviceLocationSchema)]}
          validateTrigger="onBlur"
        >
          <Input autoComplete="off" placeholder="e.g. Floor 2 meeting room" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} block>
          Add device
        </Button>
      </Form>
      {added.length > 0 ? (
        <List
          size="small"
          className="nl-added-list"
          header={<Typography.Text strong>Added just now</Typography.Text>}
          dataSource={added}
          renderItem={(d) => (
            <List.Item data-testid="added-device" data-sn={d.sn}>
              <span>
                <CheckCircleFilled className="nl-ok-icon" /> {d.name}
              </span>
              <Typography.Text type="secondary" className="nl-mono">
                {d.sn}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : null}
    </>
  );
}
