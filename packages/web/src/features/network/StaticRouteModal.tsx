import { NEXT_HOP_TEXT_MAX_LENGTH, SHORT_NAME_MAX_LENGTH, type StaticRouteSettings } from '@netloom/domain';
import { Form, Input } from 'antd';
import { AddressField, CheckedField, FieldRow } from '../../components/form';
import { itemPrefix, putAt, text } from './items';
import { useItemValidation } from './itemValidation';
import { type RuleDialogProps, RuleModal } from './RuleModal';

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
export function StaticRouteModal({ editor, index, onClose }: RuleDialogProps) {
  const [form] = Form.useForm<RouteForm>();
  const { settings } = editor;
  const current = index === null ? undefined : settings.staticRoutes[index];
  const validation = useItemValidation(editor, form, {
    prefix: itemPrefix('staticRoutes', settings.staticRoutes, index),
    fields: FIELDS,
    build: (v) => ({ ...settings, staticRoutes: putAt(settings.staticRoutes, index, toRoute(v)) }),
  });
  return (
    <RuleModal
      title={current ? `Edit route ${current.name}` : 'Add static route'}
      okText={current ? 'Save' : 'Add route'}
      form={form}
      initialValues={current ?? { name: '', destination: '', mask: '255.255.255.0', nextHop: '' }}
      editor={editor}
      validation={validation}
      onClose={onClose}
      testId="route-modal"
    >
      <CheckedField
        field="name"
        label="Rule name"
        extra={`1–${SHORT_NAME_MAX_LENGTH} characters, no spaces; unique`}
      >
        <Input maxLength={SHORT_NAME_MAX_LENGTH} autoComplete="off" />
      </CheckedField>
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
