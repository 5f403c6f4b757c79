import {
  DUPLEX_MODE_LABELS,
  DUPLEX_MODES,
  type DuplexMode,
  POE_LIMIT_MAX_WATTS,
  PORT_REMARK_MAX_LENGTH,
  PORT_TYPE_LABELS,
  PORT_TYPES,
  type PortSpeed,
  type PortType,
  type SwitchConfigView,
  type SwitchSettings,
} from '@netloom/domain';
import { Empty, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { commonValue, type FieldMessage, type PortPatch, speedOptionLabel, speedOptions } from './portEdits';
import { Field, MIXED, Toggle } from './portFields';
import type { ModelPort } from './portPanelModel';

interface PortEditorProps {
  settings: SwitchSettings;
  /** Selected port ids. */
  ids: readonly number[];
  specs: readonly ModelPort[];
  projectVlans: SwitchConfigView['projectVlans'];
  /** Rule messages per port field of the selection (`tagged`, `eee`, …). */
  messages: ReadonlyMap<string, FieldMessage>;
  disabled: boolean;
  onChange(patch: PortPatch): void;
}

function portsTitle(ids: readonly number[], specs: readonly ModelPort[]): string {
  const labels = ids.map((id) => specs.find((s) => s.id === id)?.label ?? String(id));
  if (labels.length === 1) return `Port ${labels[0]}`;
  if (labels.length <= 6) return `Ports ${labels.join(', ')}`;
  return `${labels.length} ports`;
}

/**
 * The settings of the selected port(s). With several ports selected a field shows their shared
 * value or "Mixed", and a change applies to all of them. Messages come from the domain's switch
 * rules (before submit) and from the server's 400 issues, never from rules written here.
 */
export function PortEditor({
  settings,
  ids,
  specs,
  projectVlans,
  messages,
  disabled,
  onChange,
}: PortEditorProps) {
  const ports = settings.ports.filter((p) => ids.includes(p.id));
  const selectedSpecs = specs.filter((s) => ids.includes(s.id));
  if (ports.length === 0) {
    return (
      <Empty
        className="nl-pe-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Select one or more ports on the panel to edit their settings."
      />
    );
  }
  const v = <K extends keyof PortPatch>(k: K) => commonValue(ports, k);
  const m = (k: string) => messages.get(k);
  const type = v('type');
  const trunk = type === PORT_TYPES.TRUNK;
  const allPoe = selectedSpecs.length > 0 && selectedSpecs.every((s) => s.poe === 'out');
  const poeMax = Math.min(
    POE_LIMIT_MAX_WATTS,
    ...selectedSpecs.map((s) => s.poeMaxWatts || POE_LIMIT_MAX_WATTS),
  );
  const vlanOptions = projectVlans.map((x) => ({
    value: x.id,
    label: x.name ? `${x.id} · ${x.name}` : String(x.id),
  }));
  const remark = v('remark');

  return (
    <Form layout="vertical" disabled={disabled} className="nl-pe" data-testid="port-editor" component="div">
      <Typography.Title level={5} className="nl-pe-title">
        {portsTitle(ids, specs)}
      </Typography.Title>
      <Toggle
        id="port-enabled"
        label="Port enabled"
        checked={v('enabled')}
        mixed={v('enabled') === undefined}
        message={m('enabled')}
        hint="A disabled port has no link."
        onChange={(enabled) => onChange({ enabled })}
      />
      <Flex gap={12}>
        <Field id="port-speed" label="Speed" message={m('speed')}>
          <Select<PortSpeed>
            id="port-speed"
            value={v('speed')}
            placeholder={MIXED}
            options={speedOptions(selectedSpecs).map((s) => ({ value: s, label: speedOptionLabel(s) }))}
            onChange={(speed) => onChange({ speed })}
          />
        </Field>
        <Field id="port-duplex" label="Duplex" message={m('duplex')}>
          <Select<DuplexMode>
            id="port-duplex"
            value={v('duplex')}
            placeholder={MIXED}
            options={DUPLEX_MODES.map((d) => ({ value: d, label: DUPLEX_MODE_LABELS[d] }))}
            onChange={(duplex) => onChange({ duplex })}
          />
        </Field>
      </Flex>
      <Field id="port-type" label="Port type" message={m('type')}>
        <Radio.Group
          id="port-type"
          optionType="button"
          value={type}
          aria-label="Port type"
          options={[PORT_TYPES.ACCESS, PORT_TYPES.TRUNK].map((t) => ({
            value: t,
            label: PORT_TYPE_LABELS[t],
          }))}
          onChange={(e) => onChange({ type: e.target.value as PortType })}
        />
      </Field>
      <Field
        id="port-untagged"
        label="Untagged VLAN"
        message={m('untagged')}
        hint="The port's native VLAN (PVID)."
      >
        <Select<number>
          id="port-untagged"
          value={v('untagged')}
          placeholder={MIXED}
          options={vlanOptions}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(untagged) => onChange({ untagged })}
        />
      </Field>
      <Field
        id="port-tagged"
        label="Tagged VLANs"
        message={m('tagged')}
        hint={trunk ? 'VLANs carried tagged; never the untagged one.' : 'Trunk ports only.'}
      >
        <Select<number[]>
          id="port-tagged"
          mode="multiple"
          value={v('tagged') ?? []}
          placeholder={v('tagged') === undefined ? `${MIXED} — a choice replaces all` : 'None'}
          options={vlanOptions}
          disabled={disabled || (!trunk && (v('tagged') ?? []).length === 0)}
          maxTagCount="responsive"
          onChange={(tagged) => onChange({ tagged: [...tagged].sort((a, b) => a - b) })}
        />
      </Field>
      {allPoe ? (
        <Flex gap={12} align="flex-start" className="nl-pe-poe">
          <Toggle
            id="port-poe"
            label="PoE"
            checked={v('poe')}
            mixed={v('poe') === undefined}
            message={m('poe')}
            onChange={(poe) => onChange({ poe })}
          />
          <Field
            id="port-poe-limit"
            label="Power limit"
            message={m('poeLimitWatts')}
            hint={`0 = up to the port's maximum (${poeMax} W).`}
          >
            <InputNumber<number>
              id="port-poe-limit"
              min={0}
              max={poeMax}
              step={1}
              suffix="W"
              value={v('poeLimitWatts')}
              placeholder={MIXED}
              disabled={disabled || v('poe') === false}
              onChange={(w) => onChange({ poeLimitWatts: w ?? 0 })}
            />
          </Field>
        </Flex>
      ) : (
        <Typography.Paragraph type="secondary" className="nl-pe-nopoe">
          {selectedSpecs.some((s) => s.poe === 'out')
            ? 'PoE settings: select PoE ports only.'
            : `No PoE on the selected port${ids.length > 1 ? 's' : ''}.`}
        </Typography.Paragraph>
      )}
      <Field
        id="port-remark"
        label="Port remark"
        message={m('remark')}
        hint={`What is plugged in; up to ${PORT_REMARK_MAX_LENGTH} characters.`}
      >
        <Input
          id="port-remark"
          value={remark ?? ''}
          placeholder={remark === undefined ? MIXED : 'e.g. Reception AP'}
          maxLength={PORT_REMARK_MAX_LENGTH}
          showCount
          onChange={(e) => onChange({ remark: e.target.value })}
        />
      </Field>
      <div className="nl-pe-advanced">
        <Toggle
          id="port-eee"
          label="Energy-Efficient Ethernet (EEE)"
          checked={v('eee')}
          mixed={v('eee') === undefined}
          message={m('eee')}
          onChange={(eee) => onChange({ eee })}
        />
        <Toggle
          id="port-loop-guard"
          label="Loop guard"
          checked={v('loopGuard')}
          mixed={v('loopGuard') === undefined}
          message={m('loopGuard')}
          onChange={(loopGuard) => onChange({ loopGuard })}
        />
        <Toggle
          id="port-dhcp-trust"
          label="DHCP trust port"
          checked={v('dhcpTrust')}
          mixed={v('dhcpTrust') === undefined}
          message={m('dhcpTrust')}
          hint="DHCP servers are answered only through trust ports."
          onChange={(dhcpTrust) => onChange({ dhcpTrust })}
        />
      </div>
    </Form>
  );
}
