import { SHORT_NAME_MAX_LENGTH, type VlanSettings } from '@netloom/domain';
import { Form, InputNumber, Switch } from 'antd';
import { AddressField, CheckedField, FieldRow, TextField } from '../../components/form';
import { num, text } from './items';
import { type RuleDialogProps, RuleModal } from './RuleModal';
import { useRuleItem } from './useRuleItem';
import { gatewayVlanRange, poolEffect, putVlan } from './vlanPools';

interface VlanForm {
  id: number | null;
  name: string;
  ip: string;
  mask: string;
  dhcp: boolean;
}

const FIELDS = ['id', 'name', 'ip', 'mask', 'dhcp'] as const;

export function toVlan(v: VlanForm): VlanSettings {
  return { id: num(v.id), name: text(v.name), ip: text(v.ip), mask: text(v.mask), dhcp: v.dhcp };
}

/** Add or edit one VLAN interface of the gateway (§3 VLAN: id, name, IP, mask, DHCP). */
export function VlanModal(props: RuleDialogProps) {
  const { editor, index } = props;
  const { form, current, modal } = useRuleItem<'vlans', VlanForm>(props, {
    list: 'vlans',
    fields: FIELDS,
    toItem: toVlan,
    build: putVlan,
  });
  const { settings, view } = editor;
  const range = gatewayVlanRange(view);
  const values = Form.useWatch([], { form, preserve: true }) as VlanForm | undefined;
  const effect = values ? poolEffect(settings, index, toVlan(values)) : null;
  const initialValues: VlanForm = current
    ? { ...current }
    : { id: null, name: '', ip: '', mask: '255.255.255.0', dhcp: true };

  return (
    <RuleModal
      title={current ? `Edit VLAN ${current.id}` : 'Add VLAN'}
      okText={current ? 'Save' : 'Add VLAN'}
      {...modal}
      initialValues={initialValues}
      warnReconnect
      testId="vlan-modal"
    >
      <FieldRow spans={[10, 14]}>
        <CheckedField field="id" label="VLAN ID" extra={`${range.min}–${range.max}`}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </CheckedField>
        <TextField
          field="name"
          label="Name"
          extra={`1–${SHORT_NAME_MAX_LENGTH} characters, no spaces; not br0 or IPTV`}
          maxLength={SHORT_NAME_MAX_LENGTH}
        />
      </FieldRow>
      <FieldRow>
        <AddressField
          field="ip"
          label="IP address"
          extra="The gateway’s address on this VLAN"
          placeholder="192.168.20.1"
        />
        <AddressField field="mask" label="Subnet mask" placeholder="255.255.255.0" />
      </FieldRow>
      <CheckedField
        field="dhcp"
        label="DHCP server"
        valuePropName="checked"
        extra={effect ?? 'Hand out addresses on this VLAN; its pool is set on the DHCP page.'}
      >
        <Switch />
      </CheckedField>
    </RuleModal>
  );
}
