import {
  PORT_MAPPING_PROTOCOL_LABELS,
  PORT_MAPPING_PROTOCOLS,
  type PortMappingSettings,
  SHORT_NAME_MAX_LENGTH,
} from '@netloom/domain';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { itemPrefix, putAt, text } from './items';
import { useItemValidation } from './itemValidation';
import { RuleModal } from './RuleModal';
import type { NetworkEditor } from './useNetworkEditor';

type MappingForm = PortMappingSettings;
const FIELDS = ['name', 'internalIp', 'internalPorts', 'externalPorts', 'protocol', 'wanPort', 'enabled'];
export const PORT_LIST_HELP = 'Single ports separated by ; (80;443) or ranges (8000-8010), 1–65535';

function toMapping(v: MappingForm): PortMappingSettings {
  return {
    ...v,
    name: text(v.name),
    internalIp: text(v.internalIp),
    internalPorts: text(v.internalPorts),
    externalPorts: text(v.externalPorts),
  };
}

/** The label of a WAN port of the gateway, e.g. "WAN1". */
export function wanLabel(editor: NetworkEditor, port: number): string {
  return editor.view.gateway?.wanPorts.find((p) => p.id === port)?.label ?? `Port ${port}`;
}

/** Add or edit a port mapping (§3: rule name, internal server IP, ports, protocol, WAN port). */
export function PortMappingModal({
  editor,
  index,
  onClose,
}: {
  editor: NetworkEditor;
  index: number | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<MappingForm>();
  const { settings, view } = editor;
  const wanPorts = view.gateway?.wanPorts ?? [];
  const current = index === null ? undefined : settings.portMappings[index];
  const validation = useItemValidation(editor, form, {
    prefix: itemPrefix('portMappings', settings.portMappings, index),
    fields: FIELDS,
    build: (v) => ({ ...settings, portMappings: putAt(settings.portMappings, index, toMapping(v)) }),
  });
  const initialValues: MappingForm = current ?? {
    name: '',
    internalIp: '',
    internalPorts: '',
    externalPorts: '',
    protocol: 'tcp',
    wanPort: wanPorts[0]?.id ?? 1,
    enabled: true,
  };
  return (
    <RuleModal
      title={current ? `Edit port mapping ${current.name}` : 'Add port mapping'}
      okText={current ? 'Save' : 'Add mapping'}
      form={form}
      initialValues={initialValues}
      editor={editor}
      validation={validation}
      onClose={onClose}
      width={620}
      testId="port-mapping-modal"
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="name"
            label="Rule name"
            extra={`1–${SHORT_NAME_MAX_LENGTH} characters, no spaces; unique`}
            rules={[validation.rule('name')]}
          >
            <Input maxLength={SHORT_NAME_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="internalIp" label="Internal server IP" rules={[validation.rule('internalIp')]}>
            <Input placeholder="192.168.10.20" maxLength={15} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="externalPorts"
            label="External ports"
            extra={PORT_LIST_HELP}
            rules={[validation.rule('externalPorts')]}
          >
            <Input placeholder="8080" maxLength={256} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="internalPorts"
            label="Internal ports"
            extra="Same form; where the server listens"
            rules={[validation.rule('internalPorts')]}
          >
            <Input placeholder="80" maxLength={256} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="protocol" label="Protocol" rules={[validation.rule('protocol')]}>
            <Select
              options={PORT_MAPPING_PROTOCOLS.map((p) => ({
                value: p,
                label: PORT_MAPPING_PROTOCOL_LABELS[p],
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="wanPort" label="WAN port" rules={[validation.rule('wanPort')]}>
            <Select options={wanPorts.map((p) => ({ value: p.id, label: p.label }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="enabled"
            label="Enabled"
            valuePropName="checked"
            rules={[validation.rule('enabled')]}
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </RuleModal>
  );
}
