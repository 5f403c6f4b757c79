import { Alert, Button, Tooltip } from 'antd';
import { gapsOf, groupGaps, shortList, switchPortsText, vlanLabel } from './carriage';
import { useTagVlans } from './useTagVlans';
import type { WirelessEditor } from './useWirelessEditor';

/**
 * The page's warning when a policy's VLAN is not carried to the APs that broadcast it: which APs,
 * which switch ports miss it, and one click that tags the VLAN on those ports.
 */
export function VlanCarriageAlert({ editor }: { editor: WirelessEditor }) {
  const gaps = gapsOf(editor.view, editor.settings.policies);
  const { tag, busy } = useTagVlans(editor.projectId);
  if (gaps.length === 0) return null;
  const vlans = [...new Set(gaps.map((g) => g.vlanId))];
  return (
    <Alert
      type="warning"
      showIcon
      className="nl-wifi-card"
      data-testid="wireless-vlan-warning"
      title={
        vlans.length === 1
          ? `${vlanLabel(editor.view, vlans[0] as number)} does not reach all the APs that broadcast it`
          : `${vlans.length} VLANs do not reach all the APs that broadcast them`
      }
      description={
        <ul className="nl-wifi-issue-list">
          {groupGaps(gaps).map((g) => (
            <li key={`${g.vlanId}-${g.switchName}`}>
              {switchPortsText(g)} {g.ports.length === 1 ? 'does' : 'do'} not carry VLAN {g.vlanId} (
              {g.policies.join(', ')}) to {shortList(g.aps)}: clients on it there get no address.
            </li>
          ))}
        </ul>
      }
      action={
        <Tooltip title={editor.disabledReason}>
          <Button
            type="primary"
            loading={busy}
            disabled={!editor.canEdit}
            onClick={() => tag(gaps)}
            data-testid="wireless-vlan-fix"
          >
            Tag on {gaps.length === 1 ? 'this port' : `these ${gaps.length} ports`}
          </Button>
        </Tooltip>
      }
    />
  );
}
