import { NEXT_HOP_TEXT_MAX_LENGTH, SHORT_NAME_MAX_LENGTH, type StaticRouteSettings } from '@netloom/domain';
import { AddressField, FieldRow, TextField } from '../../components/form';
import { text } from './items';
import { type RuleDialogProps, RuleModal } from './RuleModal';
import { useRuleItem } from './useRuleItem';

type RouteForm = StaticRouteSettings;
const FIELDS = ['name', 'destination', 'mask', 'nextHop'];

function toRoute(v: RouteForm): StaticRouteSettings {
  return {
    name: text(v.name),
    destination: text(v.destination),
    mask: text(v.mask),
    nextHop: text(v.nextHop),
  };
}

/** Add or edit a static route (§3: rule name, destination network, mask, next hop). */
export function StaticRouteModal(props: RuleDialogProps) {
  const { current, modal } = useRuleItem<'staticRoutes', RouteForm>(props, {
    list: 'staticRoutes',
    fields: FIELDS,
    toItem: toRoute,
  });
  return (
    <RuleModal
      title={current ? `Edit route ${current.name}` : 'Add static route'}
      okText={current ? 'Save' : 'Add route'}
      {...modal}
      initialValues={current ?? { name: '', destination: '', mask: '255.255.255.0', nextHop: '' }}
      testId="route-modal"
    >
      <TextField
        field="name"
        label="Rule name"
        extra={`1–${SHORT_NAME_MAX_LENGTH} characters, no spaces; unique`}
        maxLength={SHORT_NAME_MAX_LENGTH}
      />
      <FieldRow>
        <AddressField
          field="destination"
          label="Destination network"
          extra="First number 1–223, not 127"
          placeholder="10.20.0.0"
        />
        <AddressField field="mask" label="Subnet mask" placeholder="255.255.0.0" />
      </FieldRow>
      <AddressField
        field="nextHop"
        label="Next hop"
        extra="One address, or a primary and a backup written {ip}-{ip}, like 192.168.10.254-192.168.10.253"
        placeholder="192.168.10.254"
        maxLength={NEXT_HOP_TEXT_MAX_LENGTH}
      />
    </RuleModal>
  );
}
