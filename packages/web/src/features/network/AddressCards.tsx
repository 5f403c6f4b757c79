import { Card, Col, Collapse, Flex, Form, Row, Switch, Typography } from 'antd';
import { AddressField, FieldRow } from '../../components/form';
import { SEGMENT_KEYS, SEGMENT_LABELS, type SegmentKey } from './internetForm';

// The fields take the Internet form's validation (FieldValidation) like every item form's fields.

/** The LAN interface of the gateway: its address and mask (the default network, VLAN 1). */
export function LanCard() {
  return (
    <Card className="nl-net-card" title="LAN" data-testid="lan-card">
      <Typography.Paragraph type="secondary" className="nl-net-hint">
        The gateway’s own address on the local network. Devices and clients use it as their gateway and DNS.
      </Typography.Paragraph>
      <FieldRow spans={[8, 8]} stackOnSmall>
        <AddressField field="lan.ip" label="LAN IP address" placeholder="192.168.10.1" />
        <AddressField field="lan.mask" label="LAN subnet mask" placeholder="255.255.255.0" />
      </FieldRow>
    </Card>
  );
}

function SegmentRow({ k, readOnly }: { k: SegmentKey; readOnly: boolean }) {
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
        <AddressField
          field={`segments.${k}.ip`}
          label={`${label} address`}
          disabled={off}
          placeholder={on ? '10.10.0.1' : 'Not used'}
        />
      </Col>
      <Col xs={12} md={8}>
        <AddressField field={`segments.${k}.mask`} label={`${label} mask`} disabled={off} />
      </Col>
    </Row>
  );
}

/** Segments of other gateway services (guest, PPPoE server, PPTP, L2TP), in a collapsed section. */
export function SegmentsSection({ readOnly }: { readOnly: boolean }) {
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
                <SegmentRow key={k} k={k} readOnly={readOnly} />
              ))}
            </>
          ),
        },
      ]}
    />
  );
}
