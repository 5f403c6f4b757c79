import { Card, Col, Collapse, Flex, Form, Row, Switch, Typography } from 'antd';
import { AddressInput, CheckedField, FieldRow } from '../../components/form';
import { SEGMENT_KEYS, SEGMENT_LABELS, type SegmentKey } from './internetForm';
import type { ItemValidation } from './itemValidation';

/** The LAN interface of the gateway: its address and mask (the default network, VLAN 1). */
export function LanCard({ validation }: { validation: ItemValidation }) {
  return (
    <Card className="nl-net-card" title="LAN" data-testid="lan-card">
      <Typography.Paragraph type="secondary" className="nl-net-hint">
        The gateway’s own address on the local network. Devices and clients use it as their gateway and DNS.
      </Typography.Paragraph>
      <FieldRow spans={[8, 8]} stackOnSmall>
        <CheckedField field="lan.ip" validation={validation} label="LAN IP address">
          <AddressInput placeholder="192.168.10.1" />
        </CheckedField>
        <CheckedField field="lan.mask" validation={validation} label="LAN subnet mask">
          <AddressInput placeholder="255.255.255.0" />
        </CheckedField>
      </FieldRow>
    </Card>
  );
}

function SegmentRow({
  k,
  validation,
  readOnly,
}: {
  k: SegmentKey;
  validation: ItemValidation;
  readOnly: boolean;
}) {
  const form = Form.useFormInstance();
  const on = Form.useWatch(['segments', k, 'on'], form) ?? false;
  const off = !on || readOnly;
  const label = SEGMENT_LABELS[k];
  return (
    <Row gutter={16} align="top" className="nl-net-segment-row" data-testid={`segment-${k}`}>
      <Col xs={24} md={8}>
        <Flex align="center" gap={8} className="nl-net-segment-name">
          <Form.Item name={['segments', k, 'on']} valuePropName="checked" noStyle>
            <Switch id={`segment-${k}-on`} size="small" />
          </Form.Item>
          <label htmlFor={`segment-${k}-on`}>{label}</label>
        </Flex>
      </Col>
      <Col xs={12} md={8}>
        <CheckedField field={`segments.${k}.ip`} validation={validation} label={`${label} address`}>
          <AddressInput disabled={off} placeholder={on ? '10.10.0.1' : 'Not used'} />
        </CheckedField>
      </Col>
      <Col xs={12} md={8}>
        <CheckedField field={`segments.${k}.mask`} validation={validation} label={`${label} mask`}>
          <AddressInput disabled={off} />
        </CheckedField>
      </Col>
    </Row>
  );
}

/** Segments of other gateway services (guest, PPPoE server, PPTP, L2TP), in a collapsed section. */
export function SegmentsSection({ validation, readOnly }: { validation: ItemValidation; readOnly: boolean }) {
  return (
    <Collapse
      className="nl-net-card nl-net-advanced"
      items={[
        {
          key: 'segments',
          label: 'Advanced: other address segments',
          forceRender: true,
          children: (
            <>
              <Typography.Paragraph type="secondary" className="nl-net-hint">
                Networks other services of the gateway hand out. The LAN, WAN and VLAN networks must not
                overlap them.
              </Typography.Paragraph>
              {SEGMENT_KEYS.map((k) => (
                <SegmentRow key={k} k={k} validation={validation} readOnly={readOnly} />
              ))}
            </>
          ),
        },
      ]}
    />
  );
}
