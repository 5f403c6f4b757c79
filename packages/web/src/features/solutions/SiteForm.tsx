import {
  SOLUTION_INPUT_BOUNDS,
  SOLUTION_INPUT_LABELS,
  type SolutionInputs,
  WALL_MATERIAL_KEYS,
  WALL_MATERIALS,
} from '@netloom/domain';
import { Col, Form, type FormInstance, InputNumber, Row, Select } from 'antd';

export type SiteValues = Omit<SolutionInputs, 'scenario'>;

type NumberField = keyof typeof SOLUTION_INPUT_BOUNDS;

const HELP: Record<NumberField, string> = {
  floorAreaM2: 'Indoor area of one floor.',
  floors: 'Floors to cover.',
  rooms: 'Guest rooms, offices or wards on all floors; 0 for open plan.',
  users: 'Devices online at the busiest moment.',
  cameras: 'IP cameras to power and record; 0 for none.',
  bandwidthMbps: 'Internet line the gateway terminates.',
  outdoorAreaM2: 'Terraces, car parks, courtyards; 0 for none.',
};

const WALL_OPTIONS = WALL_MATERIAL_KEYS.map((k) => ({
  value: k,
  label: `${WALL_MATERIALS[k].label} · ${WALL_MATERIALS[k].attenuationDb} dB`,
}));

function NumberItem({ name }: { name: NumberField }) {
  const { min, max } = SOLUTION_INPUT_BOUNDS[name];
  return (
    <Form.Item
      name={name}
      label={SOLUTION_INPUT_LABELS[name]}
      extra={`${HELP[name]} ${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')}.`}
      rules={[
        { required: true, message: `Enter ${SOLUTION_INPUT_LABELS[name].toLowerCase()}.` },
        {
          type: 'integer',
          min,
          max,
          message: `Enter a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`,
        },
      ]}
    >
      <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** Step 2: the site's figures, bounded as the server bounds them (domain `SOLUTION_INPUT_BOUNDS`). */
export function SiteForm({ form, initial }: { form: FormInstance<SiteValues>; initial: SiteValues }) {
  return (
    <Form<SiteValues> form={form} layout="vertical" initialValues={initial} requiredMark={false}>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <NumberItem name="floorAreaM2" />
        </Col>
        <Col xs={24} md={8}>
          <NumberItem name="floors" />
        </Col>
        <Col xs={24} md={8}>
          <NumberItem name="rooms" />
        </Col>
        <Col xs={24} md={8}>
          <NumberItem name="users" />
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="wall"
            label={SOLUTION_INPUT_LABELS.wall}
            extra="The wall between rooms; it sets how far one AP reaches."
          >
            <Select options={WALL_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <NumberItem name="cameras" />
        </Col>
        <Col xs={24} md={8}>
          <NumberItem name="bandwidthMbps" />
        </Col>
        <Col xs={24} md={8}>
          <NumberItem name="outdoorAreaM2" />
        </Col>
      </Row>
    </Form>
  );
}
