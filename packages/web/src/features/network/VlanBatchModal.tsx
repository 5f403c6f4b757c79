import {
  type CodedIssue,
  expandVlanList,
  type NetworkSettings,
  parseVlanList,
  VLAN_BATCH_MAX,
  type VlanSettings,
} from '@netloom/domain';
import { Form, Input, Switch, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { type ItemValidation, newIssues } from './itemValidation';
import { RuleModal } from './RuleModal';
import type { NetworkEditor } from './useNetworkEditor';
import { gatewayVlanRange, putVlan } from './vlanPools';

interface BatchForm {
  ids: string;
  dhcp: boolean;
}

/**
 * The address plan of a batch: VLAN n gets 10.(n ÷ 256).(n mod 256).1/24, one /24 per VLAN id, so
 * the generated VLANs never overlap each other. Names are "VLAN<n>".
 */
export function batchVlan(id: number, dhcp: boolean): VlanSettings {
  return {
    id,
    name: `VLAN${id}`,
    ip: `10.${Math.floor(id / 256)}.${id % 256}.1`,
    mask: '255.255.255.0',
    dhcp,
  };
}

/** Adds several VLANs at once from a list like `10-13,20` (§5: at most 100 at once, code 1107). */
export function VlanBatchModal({ editor, onClose }: { editor: NetworkEditor; onClose(): void }) {
  const [form] = Form.useForm<BatchForm>();
  const { settings, view } = editor;
  const range = gatewayVlanRange(view);
  const ids = Form.useWatch('ids', form) ?? '';
  const dhcp = Form.useWatch('dhcp', form) ?? true;

  const parsed = useMemo(() => parseVlanList(ids.trim(), { range, max: VLAN_BATCH_MAX }), [ids, range]);
  const generated = parsed.ok ? expandVlanList(parsed.ranges).map((id) => batchVlan(id, dhcp)) : [];

  const validation = useMemo<ItemValidation>(() => {
    const build = (v: BatchForm): NetworkSettings => {
      const r = parseVlanList((v.ids ?? '').trim(), { range, max: VLAN_BATCH_MAX });
      const added = r.ok ? expandVlanList(r.ranges).map((id) => batchVlan(id, v.dhcp)) : [];
      return added.reduce((doc, vlan) => putVlan(doc, null, vlan), settings);
    };
    // Issues of the generated VLANs name the VLAN, since no field holds it.
    const labelled = (candidate: NetworkSettings): CodedIssue[] =>
      newIssues(editor, candidate).map((i) => {
        const m = /^vlans\.(\d+)/.exec(i.path);
        const vlan = m ? candidate.vlans[Number(m[1])] : undefined;
        return vlan && Number(m?.[1]) >= settings.vlans.length
          ? { ...i, message: `VLAN ${vlan.id}: ${i.message}` }
          : i;
      });
    return {
      rule: () => ({
        validator: async (_r, value: unknown) => {
          const r = parseVlanList(String(value ?? '').trim(), { range, max: VLAN_BATCH_MAX });
          if (!r.ok) throw new Error(r.issue);
        },
      }),
      check: async () => {
        let ok = true;
        try {
          await form.validateFields();
        } catch {
          ok = false;
        }
        const candidate = build(form.getFieldsValue(true));
        const general = ok ? labelled(candidate) : [];
        return { ok: ok && general.length === 0, general, candidate };
      },
      applyServer: (issues) => [...issues],
      revalidateTouched: () => {},
    };
  }, [editor, form, range, settings]);

  return (
    <RuleModal
      title="Add VLANs in a batch"
      okText={generated.length > 1 ? `Add ${generated.length} VLANs` : 'Add VLANs'}
      form={form}
      initialValues={{ ids: '', dhcp: true }}
      editor={editor}
      validation={validation}
      warnReconnect
      onClose={onClose}
      width={620}
      testId="vlan-batch-modal"
    >
      <Form.Item
        name="ids"
        label="VLAN IDs"
        extra={`IDs and ranges separated by commas, like 10-13,20; ${range.min}–${range.max}, at most ${VLAN_BATCH_MAX} at once`}
        rules={[validation.rule('ids')]}
      >
        <Input placeholder="10-13,20" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="dhcp"
        label="DHCP server on the new VLANs"
        valuePropName="checked"
        extra="Each VLAN gets a DHCP pool .100 – .250 of its network; change pools on the DHCP page."
      >
        <Switch />
      </Form.Item>
      <Typography.Paragraph type="secondary" className="nl-net-hint">
        Each VLAN is named VLAN&lt;ID&gt; and gets its own /24 network (VLAN 30 → 10.0.30.1/24). You can
        rename it or change its address afterwards.
      </Typography.Paragraph>
      <Table<VlanSettings>
        size="small"
        rowKey="id"
        className="nl-net-batch-preview"
        aria-label="VLANs to add"
        dataSource={generated.slice(0, 5)}
        pagination={false}
        locale={{ emptyText: 'Type VLAN IDs to see the VLANs that will be added.' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: 'Name', dataIndex: 'name' },
          { title: 'IP address', dataIndex: 'ip' },
          { title: 'Subnet mask', dataIndex: 'mask' },
        ]}
        footer={
          generated.length > 5
            ? () => `… and ${generated.length - 5} more (${generated.length} in all)`
            : undefined
        }
      />
    </RuleModal>
  );
}
