import {
  PORT_MAPPING_PROTOCOL_LABELS,
  PORT_MAPPING_PROTOCOLS,
  PORT_MAX,
  PORT_MIN,
  type PortMappingSettings,
  SHORT_NAME_MAX_LENGTH,
} from '@netloom/domain';
import { Select, Switch } from 'antd';
import { AddressField, CheckedField, FieldRow, PortListInput, TextField } from '../../components/form';
import { text } from './items';
import { type RuleDialogProps, RuleModal } from './RuleModal';
import type { NetworkEditor } from './useNetworkEditor';
import { useRuleItem } from './useRuleItem';

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
export function PortMappingModal(props: RuleDialogProps) {
  const { current, modal } = useRuleItem<'portMappings', MappingForm>(props, {
    list: 'portMappings',
    fields: FIELDS,
    toItem: toMapping,
  });
  const wanPorts = props.editor.view.gateway?.wanPorts ?? [];
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
      {...modal}
      initialValues={initialValues}
      width={620}
      testId="port-mapping-modal"
    >
      <FieldRow>
        <TextField
          field="name"
          label="Rule name"
          extra={`1–${SHORT_NAME_MAX_LENGTH} characters, no spaces; unique`}
          maxLength={SHORT_NAME_MAX_LENGTH}
        />
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
