import {
  allowedCiphers,
  KEY_UPDATE_INTERVAL_MAX,
  KEY_UPDATE_INTERVAL_MIN,
  MAX_CLIENTS_PER_BAND,
  MAX_SCHEDULE_PERIODS,
  MIN_CLIENTS_PER_BAND,
  NAME_MAX_BYTES,
  needsWifiPassword,
  RADIUS_SECRET_MAX_LENGTH,
  SCHEDULE_GRANULARITIES,
  SECURITY_MODE_LABELS,
  SECURITY_MODES,
  type SecurityMode,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
  WIFI_BAND_LABELS,
  WIFI_BANDS,
  WIFI_PASSWORD_HEX_LENGTH,
  WIFI_PASSWORD_MAX_LENGTH,
  WIFI_PASSWORD_MIN_LENGTH,
} from '@netloom/domain';
import {
  Checkbox,
  Col,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { AddressInput } from '../../components/form';
import { DeviceOptions } from './DeviceOptions';
import { granularityLabel, isEnterprise, type PolicyFormValues } from './policyForm';
import { ScheduleField } from './ScheduleField';
import type { PolicyValidation } from './usePolicyValidation';
import type { WirelessEditor } from './useWirelessEditor';

interface PolicyFieldsProps {
  editor: WirelessEditor;
  form: FormInstance<PolicyFormValues>;
  validation: PolicyValidation;
}

const SECURITY_OPTIONS = SECURITY_MODES.map((m) => ({ value: m, label: SECURITY_MODE_LABELS[m] }));

/** The sections of the policy editor; which fields show depends on bands, mode and switches. */
export function PolicyFields({ editor, form, validation }: PolicyFieldsProps) {
  const v = (Form.useWatch([], { form, preserve: true }) ?? form.getFieldsValue(true)) as PolicyFormValues;
  const bands = v.bands ?? [];
  const security = v.security ?? 'WPA2-PSK';
  const ciphers = allowedCiphers(security);
  const rule = validation.rule;

  function handleSecurityChange(mode: SecurityMode) {
    const allowed = allowedCiphers(mode);
    const cipher = form.getFieldValue('cipher');
    if (allowed.length === 0) form.setFieldValue('cipher', null);
    else if (!allowed.includes(cipher)) form.setFieldValue('cipher', allowed[0] ?? null);
  }

  return (
    <>
      <Typography.Title level={5} className="nl-wifi-section">
        Network
      </Typography.Title>
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item
            name="name"
            label="Policy name"
            extra={`1–${NAME_MAX_BYTES} printable characters; unique in the project`}
            rules={[rule('name')]}
          >
            <Input maxLength={NAME_MAX_BYTES} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="enabled" label="Policy enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="bands"
        label="Frequency bands"
        extra="The radios that broadcast this network"
        rules={[rule('bands')]}
      >
        <Checkbox.Group options={WIFI_BANDS.map((b) => ({ value: b, label: WIFI_BAND_LABELS[b] }))} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="ssid"
            label={v.separate5 && bands.includes('5G') ? 'SSID (2.4 GHz)' : 'SSID'}
            extra={`1–${NAME_MAX_BYTES} printable characters, no spaces at the ends`}
            rules={[rule('ssid')]}
          >
            <Input maxLength={NAME_MAX_BYTES} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          {bands.includes('5G') && bands.includes('2.4G') ? (
            <Form.Item
              name="separate5"
              valuePropName="checked"
              label=" "
              colon={false}
              className="nl-wifi-inline-check"
            >
              <Checkbox>Separate 5 GHz name</Checkbox>
            </Form.Item>
          ) : null}
        </Col>
      </Row>
      {v.separate5 && bands.includes('5G') && bands.includes('2.4G') ? (
        <Form.Item
          name="ssid5"
          label="SSID (5 GHz)"
          extra="Must differ from the 2.4 GHz name; leave the box unticked to use one name on both bands"
          rules={[rule('ssid5')]}
        >
          <Input maxLength={NAME_MAX_BYTES} autoComplete="off" />
        </Form.Item>
      ) : null}

      <Typography.Title level={5} className="nl-wifi-section">
        Security
      </Typography.Title>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="security" label="Security mode" rules={[rule('security')]}>
            <Select options={SECURITY_OPTIONS} onChange={handleSecurityChange} />
          </Form.Item>
        </Col>
        <Col span={12}>
          {ciphers.length > 0 ? (
            <Form.Item
              name="cipher"
              label="Cipher"
              extra={
                ciphers.length < 3
                  ? `${SECURITY_MODE_LABELS[security]} allows ${ciphers.join(' or ')}`
                  : undefined
              }
              rules={[rule('cipher')]}
            >
              <Select options={ciphers.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          ) : null}
        </Col>
      </Row>
      {needsWifiPassword(security) ? (
        <Form.Item
          name="password"
          label="Wi-Fi password"
          extra={`${WIFI_PASSWORD_MIN_LENGTH}–${WIFI_PASSWORD_MAX_LENGTH} printable characters, or ${WIFI_PASSWORD_HEX_LENGTH} hexadecimal digits`}
          rules={[rule('password')]}
        >
          <Input.Password maxLength={WIFI_PASSWORD_HEX_LENGTH} autoComplete="new-password" />
        </Form.Item>
      ) : null}
      {isEnterprise(security) ? (
        <Row gutter={16}>
          <Col span={9}>
            <Form.Item name="radiusIp" label="RADIUS server IP" rules={[rule('radiusIp')]}>
              <AddressInput placeholder="192.168.1.10" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="radiusPort"
              label="RADIUS port"
              extra="Usually 1812"
              rules={[rule('radiusPort')]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item
              name="radiusSecret"
              label="RADIUS password"
              extra={`1–${RADIUS_SECRET_MAX_LENGTH} characters, no spaces`}
              rules={[rule('radiusSecret')]}
            >
              <Input.Password maxLength={RADIUS_SECRET_MAX_LENGTH} autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {ciphers.length > 0 ? (
        <Form.Item
          name="keyUpdateInterval"
          label="Key update interval (seconds)"
          extra={`0 = never, or ${KEY_UPDATE_INTERVAL_MIN}–${KEY_UPDATE_INTERVAL_MAX}`}
          rules={[rule('keyUpdateInterval')]}
        >
          <InputNumber precision={0} style={{ width: 200 }} />
        </Form.Item>
      ) : null}

      <Typography.Title level={5} className="nl-wifi-section">
        Clients and traffic
      </Typography.Title>
      <Row gutter={16}>
        {bands.includes('2.4G') ? (
          <Col span={8}>
            <Form.Item
              name="max24"
              label="Max clients (2.4 GHz)"
              extra={`${MIN_CLIENTS_PER_BAND}–${MAX_CLIENTS_PER_BAND}`}
              rules={[rule('max24')]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : null}
        {bands.includes('5G') ? (
          <Col span={8}>
            <Form.Item
              name="max5"
              label="Max clients (5 GHz)"
              extra={`${MIN_CLIENTS_PER_BAND}–${MAX_CLIENTS_PER_BAND}`}
              rules={[rule('max5')]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={8}>
          <Form.Item
            name="hidden"
            label="Hide SSID"
            valuePropName="checked"
            extra="Clients must type the name"
            rules={[rule('hidden')]}
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="vlanTagged" label="VLAN tagging" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={8}>
          {v.vlanTagged ? (
            <Form.Item
              name="vlanId"
              label="VLAN ID"
              extra={`${VLAN_ANY_MIN}–${VLAN_ANY_MAX}`}
              rules={[rule('vlanId')]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ) : null}
        </Col>
        <Col span={8}>
          <Form.Item
            name="guest"
            label="Guest network"
            valuePropName="checked"
            extra="Clients isolated from each other and the LAN; one per project"
            rules={[rule('guest')]}
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="rateEnabled" label="Rate limit per client" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        {v.rateEnabled ? (
          <>
            <Col span={8}>
              <Form.Item name="rateDown" label="Download limit (kbit/s)" rules={[rule('rateDown')]}>
                <InputNumber precision={0} min={0} style={{ width: '100%' }} placeholder="e.g. 10240" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="rateUp" label="Upload limit (kbit/s)" rules={[rule('rateUp')]}>
                <InputNumber precision={0} min={0} style={{ width: '100%' }} placeholder="e.g. 2048" />
              </Form.Item>
            </Col>
          </>
        ) : null}
      </Row>

      <Typography.Title level={5} className="nl-wifi-section">
        Shutdown schedule
      </Typography.Title>
      <Form.Item
        name="schedule"
        label="Wi-Fi off during"
        extra={`Up to ${MAX_SCHEDULE_PERIODS} periods, one per line: [days] HH:MM-HH:MM, e.g. “Mon-Fri 00:00-06:00”. Days: Mon…Sun, ranges like Mon-Fri, lists like Sat,Sun; no days = every day; end after start (24:00 = midnight). Empty = always on.`}
        rules={[rule('schedule')]}
      >
        <ScheduleField />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="scheduleFrom"
            label="Valid from"
            extra="First day the periods apply (empty = from now)"
            rules={[rule('scheduleFrom')]}
          >
            <Input type="date" max="9999-12-31" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="scheduleUntil"
            label="Valid until"
            extra="Last day they apply (empty = no end)"
            rules={[rule('scheduleUntil')]}
          >
            <Input type="date" max="9999-12-31" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="scheduleGranularity"
            label="Granularity"
            extra="Step the times fall on"
            rules={[rule('scheduleGranularity')]}
          >
            <Select options={SCHEDULE_GRANULARITIES.map((g) => ({ value: g, label: granularityLabel(g) }))} />
          </Form.Item>
        </Col>
      </Row>

      <Typography.Title level={5} className="nl-wifi-section">
        Applies to
      </Typography.Title>
      <Form.Item name="scope" label="Devices" rules={[rule('scope')]}>
        <Radio.Group
          options={[
            { value: 'all', label: `All Wi-Fi devices (${editor.view.devices.length})` },
            { value: 'devices', label: 'Selected devices' },
          ]}
        />
      </Form.Item>
      {v.scope === 'devices' ? (
        <Form.Item
          name="deviceIds"
          label="Devices that broadcast it"
          extra="APs, wireless routers and mesh units of the project"
          rules={[rule('deviceIds')]}
        >
          <DeviceOptions devices={editor.view.devices} bands={bands} />
        </Form.Item>
      ) : null}
    </>
  );
}
