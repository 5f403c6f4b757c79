import { SHORT_NAME_MAX_LENGTH, type VlanSettings } from '@netloom/domain';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { itemPrefix, num, text } from './items';
import { useItemValidation } from './itemValidation';
import { RuleModal } from './RuleModal';
import type { NetworkEditor } from './useNetworkEditor';
import { poolEffect, putVlan } from './vlanPools';

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
export function VlanModal({
  editor,
  index,
  onClose,
}: {
  editor: NetworkEditor;
  index: number | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<VlanForm>();
  const { settings, view } = editor;
  const range = view.gateway?.vlanRange ?? { min: 10, max: 4094 };
  const current = index === null ? undefined : settings.vlans[index];
  const validation = useItemValidation(editor, form, {
    prefix: itemPrefix('vlans', settings.vlans, index),
    fields: FIELDS,
    build: (v) => putVlan(settings, index, toVlan(v)),
  });
  const values = Form.useWatch([], { form, preserve: true }) as VlanForm | undefined;
  const effect = values ? poolEffect(settings, index, toVlan(values)) : null;
  const initialValues: VlanForm = current
    ? { ...current }
    : { id: null, name: '', ip: '', mask: '255.255.255.0', dhcp: true };

  return (
    <RuleModal
      title={current ? `Edit VLAN ${current.id}` : 'Add VLAN'}
      okText={current ? 'Save' : 'Add VLAN'}
      form={form}
      initialValues={initialValues}
      editor={editor}
      validation={validation}
      warnReconnect
      onClose={onClose}
      testId="vlan-modal"
    >
      <Row gutter={16}>
        <Col span={10}>
          <Form.Item
            name="id"
            label="VLAN ID"
            extra={`${range.min}–${range.max}`}
            rules={[validation.rule('id')]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item
            name="name"
            label="Name"
            extra={`1–${SHORT_NAME_MAX_LENGTH} characters, no spaces; not br0 or IPTV`}
            rules={[validation.rule('name')]}
          >
            <Input maxLength={SHORT_NAME_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="ip"
            label="IP address"
            extra="The gateway’s address on this VLAN"
            rules={[validation.rule('ip')]}
          >
            <Input placeholder="192.168.20.1" maxLength={15} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="mask" label="Subnet mask" rules={[validation.rule('mask')]}>
            <Input placeholder="255.255.255.0" maxLength={15} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="dhcp"
        label="DHCP server"
        valuePropName="checked"
        extra={effect ?? 'Hand out addresses on this VLAN; its pool is set on the DHCP page.'}
        rules={[validation.rule('dhcp')]}
      >
        <Switch />
      </Form.Item>
    </RuleModal>
  );
}
