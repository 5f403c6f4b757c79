import {
  DHCP_LEASE_MAX_MINUTES,
  DHCP_LEASE_MIN_MINUTES,
  DHCP_POOL_LEASE_PRESETS,
  DHCP_POOL_NAME_MAX_LENGTH,
  type DhcpInterface,
  type DhcpPoolSettings,
} from '@netloom/domain';
import { Form, InputNumber, Select } from 'antd';
import { AddressField, CheckedField, FieldRow, TextField } from '../../components/form';
import { interfaceLabel } from './format';
import { num, text } from './items';
import { type RuleDialogProps, RuleModal } from './RuleModal';
import { useRuleItem } from './useRuleItem';

const CUSTOM = -1;

interface PoolForm {
  name: string;
  interface: DhcpInterface;
  start: string;
  end: string;
  mask: string;
  gateway: string;
  dns: [string, string];
  /** A preset's minutes, or CUSTOM. */
  lease: number;
  leaseMinutes: number | null;
}

const LEASE_OPTIONS = [
  ...DHCP_POOL_LEASE_PRESETS.map((p) => ({ value: p.minutes, label: p.label })),
  { value: CUSTOM, label: 'Custom' },
];

const FIELDS = [
  'name',
  'interface',
  'start',
  'end',
  'mask',
  'gateway',
  'dns.0',
  'dns.1',
  'lease',
  'leaseMinutes',
];

function isPreset(minutes: number): boolean {
  return DHCP_POOL_LEASE_PRESETS.some((p) => p.minutes === minutes);
}

export function toPool(v: PoolForm): DhcpPoolSettings {
  return {
    name: text(v.name),
    interface: v.interface,
    start: text(v.start),
    end: text(v.end),
    mask: text(v.mask),
    gateway: text(v.gateway),
    dns: (v.dns ?? []).map(text).filter((d) => d !== ''),
    leaseMinutes: v.lease === CUSTOM ? num(v.leaseMinutes) : v.lease,
  };
}

function toForm(p: DhcpPoolSettings): PoolForm {
  return {
    ...p,
    dns: [p.dns[0] ?? '', p.dns[1] ?? ''],
    lease: isPreset(p.leaseMinutes) ? p.leaseMinutes : CUSTOM,
    leaseMinutes: p.leaseMinutes,
  };
}

/** Add or edit a DHCP pool (§3 DHCP pool; lease presets of §9, custom 30–10080 minutes). */
export function DhcpPoolModal(props: RuleDialogProps) {
  const { form, current, modal } = useRuleItem<'dhcpPools', PoolForm>(props, {
    list: 'dhcpPools',
    fields: FIELDS,
    toItem: toPool,
  });
  const { settings } = props.editor;
  const lease = Form.useWatch('lease', form);
  const initialValues: PoolForm = current
    ? toForm(current)
    : {
        name: '',
        interface: 'lan',
        start: '',
        end: '',
        mask: settings.lan.mask,
        gateway: settings.lan.ip,
        dns: ['', ''],
        lease: 1440,
        leaseMinutes: 1440,
      };
  const interfaces: { value: DhcpInterface; label: string }[] = [
    { value: 'lan', label: interfaceLabel('lan', settings) },
    ...settings.vlans.map((v) => ({ value: v.id, label: interfaceLabel(v.id, settings) })),
  ];

  // The pool serves the interface's network: its gateway and mask are the interface's.
  function handleInterface(value: DhcpInterface) {
    const iface = value === 'lan' ? settings.lan : settings.vlans.find((v) => v.id === value);
    if (iface) form.setFieldsValue({ gateway: iface.ip, mask: iface.mask });
  }

  return (
    <RuleModal
      title={current ? `Edit DHCP pool ${current.name}` : 'Add DHCP pool'}
      okText={current ? 'Save' : 'Add pool'}
      {...modal}
      initialValues={initialValues}
      warnReconnect
      width={620}
      testId="dhcp-modal"
    >
      <FieldRow>
        <TextField
          field="name"
          label="Pool name"
          extra={`1–${DHCP_POOL_NAME_MAX_LENGTH} letters, digits or underscores`}
          maxLength={DHCP_POOL_NAME_MAX_LENGTH}
        />
        <CheckedField field="interface" label="Interface">
          <Select options={interfaces} onChange={handleInterface} />
        </CheckedField>
      </FieldRow>
      <FieldRow>
        <AddressField field="start" label="Start address" placeholder="192.168.10.100" />
        <AddressField field="end" label="End address" placeholder="192.168.10.250" />
      </FieldRow>
      <FieldRow>
        <AddressField field="mask" label="Subnet mask" placeholder="255.255.255.0" />
        <AddressField field="gateway" label="Gateway" placeholder="192.168.10.1" />
      </FieldRow>
      <FieldRow>
        <AddressField
          field="dns.0"
          label="Primary DNS"
          extra="Empty: the gateway’s own address"
          placeholder="Optional"
        />
        <AddressField field="dns.1" label="Secondary DNS" placeholder="Optional" />
      </FieldRow>
      <FieldRow>
        <CheckedField field="lease" label="Lease time">
          <Select options={LEASE_OPTIONS} />
        </CheckedField>
        {lease === CUSTOM ? (
          <CheckedField
            field="leaseMinutes"
            label="Custom lease (minutes)"
            extra={`${DHCP_LEASE_MIN_MINUTES}–${DHCP_LEASE_MAX_MINUTES} minutes`}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </CheckedField>
        ) : null}
      </FieldRow>
    </RuleModal>
  );
}
