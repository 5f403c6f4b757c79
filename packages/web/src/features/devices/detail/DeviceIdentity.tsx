import {
  DEVICE_LOCATION_MAX_LENGTH,
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_REMARK_MAX_LENGTH,
  type DeviceDetail,
  type DeviceUpdate,
  deviceLocationSchema,
  deviceNameSchema,
  deviceRemarkSchema,
} from '@netloom/domain';
import { Descriptions, Typography } from 'antd';
import { TWO_COLUMNS } from '../../../components/descriptions';
import { FirmwareCell } from '../../firmware';
import { typeLabel } from '../deviceTypes';
import { managementMode, meshRole, text } from '../format';
import { InlineEdit } from './InlineEdit';

/** The fields of a device its members may change in place, with the domain rule of each. */
const EDITABLE = [
  {
    key: 'name',
    label: 'Name',
    schema: deviceNameSchema,
    optional: false,
    hint: `1–${DEVICE_NAME_MAX_LENGTH} characters, no spaces.`,
  },
  {
    key: 'location',
    label: 'Location',
    schema: deviceLocationSchema,
    optional: true,
    hint: `Up to ${DEVICE_LOCATION_MAX_LENGTH} characters; empty clears it.`,
  },
  {
    key: 'remark',
    label: 'Remark',
    schema: deviceRemarkSchema,
    optional: true,
    hint: `Up to ${DEVICE_REMARK_MAX_LENGTH} characters; empty clears it.`,
  },
] as const;

interface DeviceIdentityProps {
  projectId: number;
  device: DeviceDetail;
  canWrite: boolean;
  onSave(patch: DeviceUpdate): Promise<unknown>;
}

/** The device drawer's "Identity": name, location and remark edited in place, then what it reports. */
export function DeviceIdentity({ projectId, device: d, canWrite, onSave }: DeviceIdentityProps) {
  const lastSeen = d.lastSeenAt ? new Date(d.lastSeenAt).toLocaleString() : '—';
  return (
    <section>
      <Typography.Title level={5}>Identity</Typography.Title>
      <Descriptions size="small" column={TWO_COLUMNS} bordered className="nl-detail-desc">
        {EDITABLE.map((f) => (
          <Descriptions.Item key={f.key} label={f.label} span="filled">
            <InlineEdit
              label={f.label}
              value={d[f.key]}
              schema={f.schema}
              optional={f.optional}
              hint={f.hint}
              disabled={!canWrite}
              onSave={(value) => onSave({ [f.key]: value })}
            />
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="Model">{text(d.model)}</Descriptions.Item>
        <Descriptions.Item label="Type">{typeLabel(d.type)}</Descriptions.Item>
        <Descriptions.Item label="SN">
          <Typography.Text copyable className="nl-mono">
            {d.sn}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="MAC">
          <span className="nl-mono">{text(d.mac)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="IP address">
          <span className="nl-mono">{text(d.ip)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Management">{managementMode(d.managementMode)}</Descriptions.Item>
        <Descriptions.Item label="Firmware">
          {/* The version, "newer firmware available" and a running upgrade's stage (issue 13 §1). */}
          <FirmwareCell projectId={projectId} device={d} withUpgrade />
        </Descriptions.Item>
        <Descriptions.Item label="Hardware">{text(d.hardwareVersion)}</Descriptions.Item>
        {d.type === 'mesh' ? (
          <Descriptions.Item label="Mesh role">{meshRole(d.meshRole)}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Last seen">{lastSeen}</Descriptions.Item>
      </Descriptions>
    </section>
  );
}
