import {
  allowedCiphers,
  KEY_UPDATE_INTERVAL_MAX,
  KEY_UPDATE_INTERVAL_MIN,
  NAME_MAX_BYTES,
  needsWifiPassword,
  RADIUS_SECRET_MAX_LENGTH,
  SECURITY_MODE_LABELS,
  SECURITY_MODES,
  type SecurityMode,
  WIFI_BAND_LABELS,
  WIFI_BANDS,
  WIFI_PASSWORD_HEX_LENGTH,
  WIFI_PASSWORD_MAX_LENGTH,
  WIFI_PASSWORD_MIN_LENGTH,
} from '@netloom/domain';
import { Checkbox, Form, InputNumber, Select, Switch } from 'antd';
import {
  AddressField,
  CheckedField,
  FieldRow,
  FieldValidation,
  SecretField,
  TextField,
} from '../../components/form';
import { PolicyUsageFields } from './PolicyUsageFields';
import { isEnterprise } from './policyForm';
import { type PolicyFieldsProps, PolicySection, usePolicyValues } from './policySection';

const SECURITY_OPTIONS = SECURITY_MODES.map((m) => ({ value: m, label: SECURITY_MODE_LABELS[m] }));
const BAND_OPTIONS = WIFI_BANDS.map((b) => ({ value: b, label: WIFI_BAND_LABELS[b] }));

/** The sections of the policy editor; which fields show depends on bands, mode and switches. */
export function PolicyFields(props: PolicyFieldsProps) {
  const { form, validation } = props;
  const v = usePolicyValues(form);
  const bands = v.bands ?? [];
  const security = v.security ?? 'WPA2-PSK';
  const ciphers = allowedCiphers(security);
  const bothBands = bands.includes('5G') && bands.includes('2.4G');

  function handleSecurityChange(mode: SecurityMode) {
    const allowed = allowedCiphers(mode);
    const cipher = form.getFieldValue('cipher');
    if (allowed.length === 0) form.setFieldValue('cipher', null);
    else if (!allowed.includes(cipher)) form.setFieldValue('cipher', allowed[0] ?? null);
  }

  // 6 GHz allows fewer security modes (420): say so on the mode as soon as the band is ticked.
  function handleBandsChange() {
    void form.validateFields(['security']).catch(() => {});
  }

  return (
    <FieldValidation validation={validation}>
      <PolicySection title="Network" />
      <FieldRow spans={[16, 8]}>
        <TextField
          field="name"
          label="Policy name"
          extra={`1–${NAME_MAX_BYTES} printable characters; unique in the project`}
          maxLength={NAME_MAX_BYTES}
        />
        <Form.Item name="enabled" label="Policy enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </FieldRow>
      <CheckedField
        field="bands"
        label="Frequency bands"
        extra="The radios that broadcast this network; 6 GHz (Wi-Fi 6E) takes WPA3-SAE only"
      >
        <Checkbox.Group options={BAND_OPTIONS} onChange={handleBandsChange} />
      </CheckedField>
      <FieldRow>
        <TextField
          field="ssid"
          label={
            v.separate5 && bands.includes('5G')
              ? bands.includes('6G')
                ? 'SSID (2.4 + 6 GHz)'
                : 'SSID (2.4 GHz)'
              : 'SSID'
          }
          extra={`1–${NAME_MAX_BYTES} printable characters, no spaces at the ends`}
          maxLength={NAME_MAX_BYTES}
        />
        {bothBands ? (
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
      </FieldRow>
      {v.separate5 && bothBands ? (
        <TextField
          field="ssid5"
          label="SSID (5 GHz)"
          extra="Must differ from the 2.4 GHz name; leave the box unticked to use one name on both bands"
          maxLength={NAME_MAX_BYTES}
        />
      ) : null}

      <PolicySection title="Security" />
      <FieldRow>
        <CheckedField field="security" label="Security mode">
          <Select options={SECURITY_OPTIONS} onChange={handleSecurityChange} />
        </CheckedField>
        {ciphers.length > 0 ? (
          <CheckedField
            field="cipher"
            label="Cipher"
            extra={
              ciphers.length < 3
                ? `${SECURITY_MODE_LABELS[security]} allows ${ciphers.join(' or ')}`
                : undefined
            }
          >
            <Select options={ciphers.map((c) => ({ value: c, label: c }))} />
          </CheckedField>
        ) : null}
      </FieldRow>
      {needsWifiPassword(security) ? (
        <SecretField
          field="password"
          label="Wi-Fi password"
          extra={`${WIFI_PASSWORD_MIN_LENGTH}–${WIFI_PASSWORD_MAX_LENGTH} printable characters, or ${WIFI_PASSWORD_HEX_LENGTH} hexadecimal digits`}
          maxLength={WIFI_PASSWORD_HEX_LENGTH}
        />
      ) : null}
      {isEnterprise(security) ? (
        <FieldRow spans={[9, 6, 9]}>
          <AddressField field="radiusIp" label="RADIUS server IP" placeholder="192.168.1.10" />
          <CheckedField field="radiusPort" label="RADIUS port" extra="Usually 1812">
            <InputNumber precision={0} style={{ width: '100%' }} />
          </CheckedField>
          <SecretField
            field="radiusSecret"
            label="RADIUS password"
            extra={`1–${RADIUS_SECRET_MAX_LENGTH} characters, no spaces`}
            maxLength={RADIUS_SECRET_MAX_LENGTH}
          />
        </FieldRow>
      ) : null}
      {ciphers.length > 0 ? (
        <CheckedField
          field="keyUpdateInterval"
          label="Key update interval (seconds)"
          extra={`0 = never, or ${KEY_UPDATE_INTERVAL_MIN}–${KEY_UPDATE_INTERVAL_MAX}`}
        >
          <InputNumber precision={0} style={{ width: 200 }} />
        </CheckedField>
      ) : null}

      <PolicyUsageFields editor={props.editor} values={v} />
    </FieldValidation>
  );
}
