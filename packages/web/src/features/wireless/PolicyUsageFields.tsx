import {
  MAX_CLIENTS_PER_BAND,
  MAX_SCHEDULE_PERIODS,
  MIN_CLIENTS_PER_BAND,
  SCHEDULE_GRANULARITIES,
} from '@netloom/domain';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { CheckedField, FieldRow } from '../../components/form';
import { DeviceOptions } from './DeviceOptions';
import { granularityLabel, type PolicyField, type PolicyFormValues } from './policyForm';
import { type PolicyFieldsProps, PolicySection } from './policySection';
import { ScheduleField } from './ScheduleField';
import { VlanField } from './VlanField';

const GRANULARITY_OPTIONS = SCHEDULE_GRANULARITIES.map((g) => ({ value: g, label: granularityLabel(g) }));
const SCHEDULE_HELP = `Up to ${MAX_SCHEDULE_PERIODS} periods, one per line: [days] HH:MM-HH:MM, e.g. “Mon-Fri 00:00-06:00”. Days: Mon…Sun, ranges like Mon-Fri, lists like Sat,Sun; no days = every day; end after start (24:00 = midnight). Empty = always on.`;
const FULL_WIDTH = { width: '100%' } as const;

/** A whole-number field of a third of the row. */
function NumberField({ field, label, extra }: NumberFieldProps) {
  return (
    <CheckedField field={field} label={label} extra={extra}>
      <InputNumber precision={0} style={FULL_WIDTH} />
    </CheckedField>
  );
}
type NumberFieldProps = {
  field: PolicyField;
  label: string;
  extra?: string;
};

/** The policy's clients and traffic, its shutdown schedule and the devices that broadcast it. */
export function PolicyUsageFields({
  editor,
  values: v,
}: Pick<PolicyFieldsProps, 'editor'> & { values: PolicyFormValues }) {
  const bands = v.bands ?? [];
  const clientRange = `${MIN_CLIENTS_PER_BAND}–${MAX_CLIENTS_PER_BAND}`;
  // One column per selected band and one for "Hide SSID", on one row.
  const span = 24 / (bands.length + 1);
  return (
    <>
      <PolicySection title="Clients and traffic" />
      {/* A band that is off has no column: the next fields move up. */}
      <Row gutter={16}>
        {bands.includes('2.4G') ? (
          <Col span={span}>
            <NumberField field="max24" label="Max clients (2.4 GHz)" extra={clientRange} />
          </Col>
        ) : null}
        {bands.includes('5G') ? (
          <Col span={span}>
            <NumberField field="max5" label="Max clients (5 GHz)" extra={clientRange} />
          </Col>
        ) : null}
        {bands.includes('6G') ? (
          <Col span={span}>
            <NumberField field="max6" label="Max clients (6 GHz)" extra={clientRange} />
          </Col>
        ) : null}
        <Col span={span}>
          <CheckedField
            field="hidden"
            label="Hide SSID"
            valuePropName="checked"
            extra="Clients must type the name"
          >
            <Switch />
          </CheckedField>
        </Col>
      </Row>
      <FieldRow>
        <VlanField editor={editor} values={v} />
        <CheckedField
          field="guest"
          label="Guest network"
          valuePropName="checked"
          extra="Clients isolated from each other and the LAN; one per project"
        >
          <Switch />
        </CheckedField>
      </FieldRow>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="rateEnabled" label="Rate limit per client" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        {v.rateEnabled ? (
          <>
            <Col span={8}>
              <CheckedField field="rateDown" label="Download limit (kbit/s)">
                <InputNumber precision={0} min={0} style={FULL_WIDTH} placeholder="e.g. 10240" />
              </CheckedField>
            </Col>
            <Col span={8}>
              <CheckedField field="rateUp" label="Upload limit (kbit/s)">
                <InputNumber precision={0} min={0} style={FULL_WIDTH} placeholder="e.g. 2048" />
              </CheckedField>
            </Col>
          </>
        ) : null}
      </Row>

      <PolicySection title="Shutdown schedule" />
      <CheckedField field="schedule" label="Wi-Fi off during" extra={SCHEDULE_HELP}>
        <ScheduleField />
      </CheckedField>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <CheckedField
            field="scheduleFrom"
            label="Valid from"
            extra="First day the periods apply (empty = from now)"
          >
            <Input type="date" max="9999-12-31" />
          </CheckedField>
        </Col>
        <Col xs={24} sm={8}>
          <CheckedField
            field="scheduleUntil"
            label="Valid until"
            extra="Last day they apply (empty = no end)"
          >
            <Input type="date" max="9999-12-31" />
          </CheckedField>
        </Col>
        <Col xs={24} sm={8}>
          <CheckedField field="scheduleGranularity" label="Granularity" extra="Step the times fall on">
            <Select options={GRANULARITY_OPTIONS} />
          </CheckedField>
        </Col>
      </Row>

      <PolicySection title="Applies to" />
      <CheckedField field="scope" label="Devices">
        <Radio.Group
          options={[
            { value: 'all', label: `All Wi-Fi devices (${editor.view.devices.length})` },
            { value: 'devices', label: 'Selected devices' },
          ]}
        />
      </CheckedField>
      {v.scope === 'devices' ? (
        <CheckedField
          field="deviceIds"
          label="Devices that broadcast it"
          extra="APs, wireless routers and mesh units of the project"
        >
          <DeviceOptions devices={editor.view.devices} bands={bands} />
        </CheckedField>
      ) : null}
    </>
  );
}
