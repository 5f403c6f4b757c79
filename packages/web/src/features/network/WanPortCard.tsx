import { type GatewayInfo, WAN_CONNECTION_TYPE_LABELS, WAN_CONNECTION_TYPES } from '@netloom/domain';
import {
  Card,
  Col,
  ConfigProvider,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { ItemValidation } from './itemValidation';

interface WanPortCardProps {
  index: number;
  port: GatewayInfo['wanPorts'][number];
  live: GatewayInfo['liveWan'][number] | undefined;
  validation: ItemValidation;
  /** Read-only user or demo project: every control disabled. */
  readOnly: boolean;
}

/** One physical WAN port: enable, networking way and the fields that way uses, DNS, ISP VLAN. */
export function WanPortCard({ index, port, live, validation, readOnly }: WanPortCardProps) {
  const form = Form.useFormInstance();
  const base = ['wan', index] as const;
  const enabled = Form.useWatch([...base, 'enabled'], form) ?? false;
  const mode = Form.useWatch([...base, 'mode'], form) ?? 'dhcp';
  const path = (f: string) => `wan.${index}.${f}`;
  const rule = (f: string) => [validation.rule(path(f))];
  const pppoe = mode === 'pppoe' || mode === 'multi_pppoe';
  // An explicit `disabled` overrides the form's, so the read-only state is part of it.
  const off = !enabled || readOnly;

  return (
    <Card
      className="nl-net-card nl-net-wan"
      data-testid={`wan-card-${port.id}`}
      title={
        <Flex align="center" gap={8} wrap>
          <span>{port.label}</span>
          {/* What the port reports is live state, not an input: never shown disabled. */}
          <ConfigProvider componentDisabled={false}>
            <LiveWan live={live} />
          </ConfigProvider>
        </Flex>
      }
      extra={
        <Flex align="center" gap={8}>
          <label htmlFor={`wan-${port.id}-enabled`} className="nl-net-switch-label">
            Use for internet
          </label>
          <Form.Item name={[...base, 'enabled']} valuePropName="checked" noStyle>
            <Switch id={`wan-${port.id}-enabled`} />
          </Form.Item>
        </Flex>
      }
    >
      {enabled ? null : (
        <Typography.Paragraph type="secondary" className="nl-net-hint nl-net-port-off">
          Not used for internet. Turn it on to connect a line to this port.
        </Typography.Paragraph>
      )}
      {/* A port that is off keeps its settings (the form preserves them) but shows none. */}
      <div hidden={!enabled}>
        <Form.Item name={[...base, 'mode']} label="Networking way" rules={rule('mode')}>
          <Radio.Group
            optionType="button"
            disabled={off}
            options={WAN_CONNECTION_TYPES.map((t) => ({ value: t, label: WAN_CONNECTION_TYPE_LABELS[t] }))}
          />
        </Form.Item>
        {mode === 'static' ? (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name={[...base, 'ip']} label="IP address" rules={rule('ip')}>
                <Input placeholder="203.0.113.10" maxLength={15} autoComplete="off" disabled={off} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[...base, 'mask']} label="Subnet mask" rules={rule('mask')}>
                <Input placeholder="255.255.255.0" maxLength={15} autoComplete="off" disabled={off} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name={[...base, 'gateway']} label="Default gateway" rules={rule('gateway')}>
                <Input placeholder="203.0.113.1" maxLength={15} autoComplete="off" disabled={off} />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
        {pppoe ? (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name={[...base, 'pppoeUsername']}
                label="PPPoE username"
                rules={rule('pppoeUsername')}
              >
                <Input maxLength={64} autoComplete="off" disabled={off} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={[...base, 'pppoePassword']}
                label="PPPoE password"
                rules={rule('pppoePassword')}
              >
                <Input.Password maxLength={64} autoComplete="new-password" disabled={off} />
              </Form.Item>
            </Col>
            {mode === 'multi_pppoe' ? (
              <Col xs={24} md={8}>
                <Form.Item
                  name={[...base, 'dialCount']}
                  label="Dial count"
                  extra="Sessions dialled on this port, 2–4"
                  rules={rule('dialCount')}
                >
                  <InputNumber precision={0} style={{ width: '100%' }} disabled={off} />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        ) : null}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name={[...base, 'dns', 0]}
              label="Primary DNS"
              extra={mode === 'static' ? undefined : 'Empty: from the provider'}
              rules={rule('dns.0')}
            >
              <Input
                placeholder={mode === 'static' ? '8.8.8.8' : 'Optional'}
                maxLength={15}
                autoComplete="off"
                disabled={off}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[...base, 'dns', 1]} label="Secondary DNS" rules={rule('dns.1')}>
              <Input placeholder="Optional" maxLength={15} autoComplete="off" disabled={off} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={[...base, 'vlanId']}
              label="ISP VLAN"
              extra="Only if your provider asks for one; 0 = none"
              rules={rule('vlanId')}
            >
              <InputNumber precision={0} style={{ width: '100%' }} disabled={off} />
            </Form.Item>
          </Col>
        </Row>
      </div>
    </Card>
  );
}

/** What the port has now: link state and the address it got (dynamic IP or PPPoE). */
function LiveWan({ live }: { live: WanPortCardProps['live'] }) {
  if (!live) return <Tag>No report</Tag>;
  if (!live.up) return <Tag>Link down</Tag>;
  return (
    <Flex gap={6} align="center">
      <Tag color="success">Link up</Tag>
      {live.ip ? (
        <Typography.Text type="secondary" className="nl-net-live-ip" data-testid="wan-live-ip">
          {live.ip}
          {live.mask ? ` / ${live.mask}` : ''}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
