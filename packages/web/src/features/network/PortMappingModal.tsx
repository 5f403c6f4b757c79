import {
  PORT_MAPPING_PROTOCOL_LABELS,
  PORT_MAPPING_PROTOCOLS,
  PORT_MAX,
  PORT_MIN,
  type PortMappingSettings,
  SHORT_NAME_MAX_LENGTH,
} from '@netloom/domain';
import { Form, Input, Select, Switch } from 'antd';
import { AddressField, CheckedField, FieldRow, PortListInput } from '../../components/form';
import { itemPrefix, putAt, text } from './items';
import { useItemValidation } from './itemValidation';
import { type RuleDialogProps, RuleModal } from './RuleModal';
import type { NetworkEditor } from './useNetworkEditor';

type MappingForm = PortMappingSettings;
const FIELDS = ['name', 'internalIp', 'internalPorts', 'externalPorts', 'protocol', 'wanPort', 'enabled'];
export const PORT_LIST_HELP = `Single ports separated by ; (80;443) or ranges (8000-8010), ${PORT_MIN}–${PORT_MAX}`;

const PROTOCOL_OPTIONS = PORT_MAPPING_PROTOCOLS.map((p) => ({
  value: p,
  label: PORT_MAPPING_PROTOCOL_LABELS[p],
}));

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
export function PortMappingModal({ editor, index, onClose }: RuleDialogProps) {
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
      <FieldRow>
        <CheckedField
          field="name"
          label="Rule name"
          extra={`1–${SHORT_NAME_MAX_LENGTH} characters, no spaces; unique`}
        >
          <Input maxLength={SHORT_NAME_MAX_LENGTH} autoComplete="off" />
        </CheckedField>
        <AddressField field="internalIp" label="Internal server IP" placeholder="192.168.10.20" />
      </FieldRow>
      <FieldRow>
        <CheckedField field="externalPorts" label="External ports" extra={PORT_LIST_HELP}>
          <PortListInput placeholder="8080" />
        </CheckedField>
        <CheckedField
          field="internalPorts"
          label="Internal ports"
          extra="Same form; where the server listens"
        >
          <PortListInput placeholder="80" />
        </CheckedField>
      </FieldRow>
      <FieldRow>
        <CheckedField field="protocol" label="Protocol">
          <Select options={PROTOCOL_OPTIONS} />
        </CheckedField>
        <CheckedField field="wanPort" label="WAN port">
          <Select options={wanPorts.map((p) => ({ value: p.id, label: p.label }))} />
        </CheckedField>
        <CheckedField field="enabled" label="Enabled" valuePropName="checked">
          <Switch />
        </CheckedField>
      </FieldRow>
    </RuleModal>
  );
}
