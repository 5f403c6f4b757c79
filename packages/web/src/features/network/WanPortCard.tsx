import {
  type GatewayInfo,
  MULTI_DIAL_MAX,
  MULTI_DIAL_MIN,
  PPPOE_FIELD_MAX_LENGTH,
  WAN_CONNECTION_TYPE_LABELS,
  WAN_CONNECTION_TYPES,
} from '@netloom/domain';
import { Card, ConfigProvider, Flex, Form, Input, InputNumber, Radio, Switch, Tag, Typography } from 'antd';
import { AddressField, CheckedField, FieldRow } from '../../components/form';

interface WanPortCardProps {
  index: number;
  port: GatewayInfo['wanPorts'][number];
  live: GatewayInfo['liveWan'][number] | undefined;
  /** Read-only user or demo project: every control disabled. */
  readOnly: boolean;
}

const THIRDS = [8, 8, 8];
const MODE_OPTIONS = WAN_CONNECTION_TYPES.map((t) => ({ value: t, label: WAN_CONNECTION_TYPE_LABELS[t] }));

/** One physical WAN port: enable, networking way and the fields that way uses, DNS, ISP VLAN. */
export function WanPortCard({ index, port, live, readOnly }: WanPortCardProps) {
  const form = Form.useFormInstance();
  const base = ['wan', index] as const;
  const enabled = Form.useWatch([...base, 'enabled'], form) ?? false;
  const mode = Form.useWatch([...base, 'mode'], form) ?? 'dhcp';
  const path = (f: string) => `wan.${index}.${f}`;
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
        <CheckedField field={path('mode')} label="Networking way">
          <Radio.Group optionType="button" disabled={off} options={MODE_OPTIONS} />
        </CheckedField>
        {mode === 'static' ? (
          <FieldRow spans={THIRDS} stackOnSmall>
            <AddressField field={path('ip')} label="IP address" placeholder="203.0.113.10" disabled={off} />
            <AddressField
              field={path('mask')}
              label="Subnet mask"
              placeholder="255.255.255.0"
              disabled={off}
            />
            <AddressField
              field={path('gateway')}
              label="Default gateway"
              placeholder="203.0.113.1"
              disabled={off}
            />
          </FieldRow>
        ) : null}
        {pppoe ? (
          <FieldRow spans={THIRDS} stackOnSmall>
            <CheckedField field={path('pppoeUsername')} label="PPPoE username">
              <Input maxLength={PPPOE_FIELD_MAX_LENGTH} autoComplete="off" disabled={off} />
            </CheckedField>
            <CheckedField field={path('pppoePassword')} label="PPPoE password">
              <Input.Password maxLength={PPPOE_FIELD_MAX_LENGTH} autoComplete="new-password" disabled={off} />
            </CheckedField>
            {mode === 'multi_pppoe' ? (
              <CheckedField
                field={path('dialCount')}
                label="Dial count"
                extra={`Sessions dialled on this port, ${MULTI_DIAL_MIN}–${MULTI_DIAL_MAX}`}
              >
                <InputNumber precision={0} style={{ width: '100%' }} disabled={off} />
              </CheckedField>
            ) : null}
          </FieldRow>
        ) : null}
        <FieldRow spans={THIRDS} stackOnSmall>
          <AddressField
            field={path('dns.0')}
            label="Primary DNS"
            extra={mode === 'static' ? undefined : 'Empty: from the provider'}
            placeholder={mode === 'static' ? '8.8.8.8' : 'Optional'}
            disabled={off}
          />
          <AddressField field={path('dns.1')} label="Secondary DNS" placeholder="Optional" disabled={off} />
          <CheckedField
            field={path('vlanId')}
            label="ISP VLAN"
            extra="Only if your provider asks for one; 0 = none"
          >
            <InputNumber precision={0} style={{ width: '100%' }} disabled={off} />
          </CheckedField>
        </FieldRow>
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
