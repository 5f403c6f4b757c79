import type { WifiBand, WifiDevice } from '@netloom/domain';
import { Badge, Flex, Select, Typography } from 'antd';
import { deviceBandsText, devicesMissingBands } from './deviceBands';

interface DeviceOptionsProps {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  devices: readonly WifiDevice[];
  /** The policy's bands: devices without any of them are marked. */
  bands: readonly WifiBand[];
  disabled?: boolean;
}

/** Multi-select of the project's Wi-Fi devices with their bands and whether they are online. */
export function DeviceOptions({ id, value = [], onChange, devices, bands, disabled }: DeviceOptionsProps) {
  const missing = devicesMissingBands(
    devices.filter((d) => value.includes(d.id)),
    bands,
  );
  return (
    <>
      <Select<number[]>
        id={id}
        mode="multiple"
        value={value}
        onChange={(ids) => onChange?.(ids)}
        disabled={disabled}
        placeholder={devices.length === 0 ? 'No Wi-Fi devices in this project yet' : 'Choose devices'}
        optionFilterProp="search"
        maxTagCount="responsive"
        options={devices.map((d) => ({
          value: d.id,
          label: d.name,
          search: `${d.name} ${d.model} ${d.sn}`,
          device: d,
        }))}
        optionRender={(option) => {
          const d = option.data.device as WifiDevice;
          return (
            <Flex justify="space-between" gap={12}>
              <span>
                <Badge status={d.online ? 'success' : 'default'} />
                {d.name}
                <Typography.Text type="secondary"> · {d.model}</Typography.Text>
              </span>
              <Typography.Text type="secondary">
                {deviceBandsText(d.bands)} · {d.online ? 'Online' : 'Offline'}
              </Typography.Text>
            </Flex>
          );
        }}
      />
      {missing.length > 0 ? (
        <Typography.Text type="warning" className="nl-wifi-band-warning">
          {missing.map((d) => d.name).join(', ')} {missing.length === 1 ? 'has' : 'have'} none of the policy’s
          bands and will not broadcast it.
        </Typography.Text>
      ) : null}
    </>
  );
}
