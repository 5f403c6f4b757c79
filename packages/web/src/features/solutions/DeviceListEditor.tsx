import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  modelsForRole,
  SOLUTION_MAX_QUANTITY,
  SOLUTION_MAX_ROWS,
  SOLUTION_MIN_QUANTITY,
  SOLUTION_REMARK_MAX_LENGTH,
  SOLUTION_ROLE_LABELS,
  SOLUTION_ROLES,
  type SolutionRole,
} from '@netloom/domain';
import { Button, Form, Input, InputNumber, Select } from 'antd';

const ROLE_OPTIONS = SOLUTION_ROLES.map((r) => ({ value: r, label: SOLUTION_ROLE_LABELS[r] }));

function ModelSelect({
  role,
  value,
  onChange,
}: {
  role: SolutionRole;
  value?: string;
  onChange?: (v: string) => void;
}) {
  return (
    <Select
      value={value}
      onChange={onChange}
      aria-label="Model"
      options={modelsForRole(role).map((m) => ({ value: m.model, label: m.name }))}
      popupMatchSelectWidth={false}
    />
  );
}

/**
 * The device list of a solution as a form list: role, model (of the role's catalogue kinds),
 * quantity and remarks per row. The list's own rules (55–57, 523) are checked on save by the form
 * that holds it (domain `solutionDevicesRefusal`), after sorting the rows into the network order.
 */
export function DeviceListEditor() {
  const form = Form.useFormInstance();
  return (
    <Form.List name="devices">
      {(fields, { add, remove }) => (
        <div className="nl-device-editor">
          <div className="nl-device-row nl-device-head">
            <span>Device</span>
            <span>Model</span>
            <span>Qty</span>
            <span>Remarks</span>
            <span />
          </div>
          {fields.map((field) => (
            <div className="nl-device-row" key={field.key}>
              <Form.Item name={[field.name, 'role']} noStyle>
                <Select
                  aria-label="Device"
                  options={ROLE_OPTIONS}
                  onChange={(role: SolutionRole) =>
                    form.setFieldValue(['devices', field.name, 'model'], modelsForRole(role)[0]?.model)
                  }
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <Form.Item name={[field.name, 'model']} noStyle>
                    <ModelSelect role={form.getFieldValue(['devices', field.name, 'role']) as SolutionRole} />
                  </Form.Item>
                )}
              </Form.Item>
              <Form.Item name={[field.name, 'quantity']} noStyle>
                <InputNumber
                  min={SOLUTION_MIN_QUANTITY}
                  max={SOLUTION_MAX_QUANTITY}
                  precision={0}
                  aria-label="Quantity"
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'remarks']} noStyle>
                <Input maxLength={SOLUTION_REMARK_MAX_LENGTH} aria-label="Remarks" placeholder="Remarks" />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="Remove device"
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= SOLUTION_MAX_ROWS}
            onClick={() =>
              add({ role: 'ap', model: modelsForRole('ap')[0]?.model, quantity: 1, remarks: '' })
            }
            block
          >
            Add device
          </Button>
        </div>
      )}
    </Form.List>
  );
}
