import { Select, Typography } from 'antd';
import { CheckedField } from '../../components/form';
import { gapsOf, groupGaps, shortList, switchPortsText, vlanLabel } from './carriage';
import { type PolicyFormValues, UNTAGGED, valuesToPolicy } from './policyForm';
import type { WirelessEditor } from './useWirelessEditor';

/**
 * The policy's VLAN: a pick from the project's VLANs (the network settings' list) or Untagged —
 * never a free number (a VLAN no gateway routes strands the clients: 1108). Under it, a warning
 * when the switch ports on the way to the APs that broadcast it do not carry it.
 */
export function VlanField({ editor, values }: { editor: WirelessEditor; values: PolicyFormValues }) {
  const { view } = editor;
  const vlans = view.vlans ?? [];
  const chosen = values.vlanId ?? UNTAGGED;
  const known = chosen === UNTAGGED || vlans.some((v) => v.id === chosen);
  const options = [
    { value: UNTAGGED, label: 'Untagged (LAN)' },
    ...vlans.map((v) => ({ value: v.id, label: vlanLabel(view, v.id) })),
    ...(known ? [] : [{ value: chosen, label: `VLAN ${chosen} (not in this project)` }]),
  ];
  const gaps =
    chosen === UNTAGGED || !known
      ? []
      : gapsOf(view, [{ ...valuesToPolicy(values, 'draft'), enabled: true }]);
  const groups = groupGaps(gaps);
  const aps = [...new Set(groups.flatMap((g) => g.aps))];
  const extra =
    groups.length > 0 ? (
      <Typography.Text type="warning" data-testid="policy-vlan-warning">
        Not carried to {aps.length === 1 ? '' : `${aps.length} APs: `}
        {shortList(aps)} — {groups.map(switchPortsText).join('; ')}{' '}
        {groups.length === 1 && groups[0]?.ports.length === 1 ? 'does' : 'do'} not tag VLAN {chosen}. After
        saving, fix it on this page in one click.
      </Typography.Text>
    ) : vlans.length === 0 ? (
      'No VLANs in this project yet: add them in Network › VLAN'
    ) : (
      "The project's VLANs, from the network settings"
    );
  return (
    <CheckedField field="vlanId" label="VLAN" extra={extra}>
      <Select options={options} showSearch optionFilterProp="label" />
    </CheckedField>
  );
}
