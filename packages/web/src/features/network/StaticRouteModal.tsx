import { SHORT_NAME_MAX_LENGTH, type StaticRouteSettings } from '@netloom/domain';
import { Col, Form, Input, Row } from 'antd';
import { itemPrefix, putAt, text } from './items';
import { useItemValidation } from './itemValidation';
import { RuleModal } from './RuleModal';
import type { NetworkEditor } from './useNetworkEditor';

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
export function StaticRouteModal({
  editor,
  index,
  onClose,
}: {
  editor: NetworkEditor;
  index: number | null;
  onClose(): void;
}) {
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
      <Form.Item
        name="name"
        label="Rule name"
        extra={`1–${SHORT_NAME_MAX_LENGTH} characters, no spaces; unique`}
        rules={[validation.rule('name')]}
      >
        <Input maxLength={SHORT_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="destination"
            label="Destination network"
            extra="First number 1–223, not 127"
            rules={[validation.rule('destination')]}
          >
            <Input placeholder="10.20.0.0" maxLength={15} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="mask" label="Subnet mask" rules={[validation.rule('mask')]}>
            <Input placeholder="255.255.0.0" maxLength={15} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="nextHop"
        label="Next hop"
        extra="One address, or a primary and a backup written {ip}-{ip}, like 192.168.10.254-192.168.10.253"
        rules={[validation.rule('nextHop')]}
      >
        <Input placeholder="192.168.10.254" maxLength={31} autoComplete="off" />
      </Form.Item>
    </RuleModal>
  );
}
