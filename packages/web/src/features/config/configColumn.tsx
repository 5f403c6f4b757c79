import type { ConfigTargetStatus, Device } from '@netloom/domain';
import { Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo } from 'react';
import { useConfigStatus } from './api';
import { ConfigStatusTag } from './ConfigStatusTag';

/**
 * Delivery state per device id, from the project's delivery status — the query the header's pending
 * indicator already keeps fresh (live `config.status` events), so the device list asks for nothing more.
 */
export function useDeliveryByDevice(projectId: number): ReadonlyMap<number, ConfigTargetStatus> {
  const status = useConfigStatus(projectId);
  return useMemo(() => new Map((status.data?.devices ?? []).map((t) => [t.deviceId, t])), [status.data]);
}

export const CONFIG_COLUMN_WIDTH = 130;

/** The device list's "Config" column: Applied, Pending · age, or Failed with the reason as tooltip. */
export function configDeliveryColumn(byDevice: ReadonlyMap<number, ConfigTargetStatus>): ColumnType<Device> {
  return {
    key: 'configDelivery',
    title: 'Config',
    width: CONFIG_COLUMN_WIDTH,
    render: (_, d) => {
      const t = byDevice.get(d.id);
      if (!t) {
        return (
          <Tooltip title="No settings have been sent to this device yet.">
            <Typography.Text type="secondary" data-config-status="none">
              —
            </Typography.Text>
          </Tooltip>
        );
      }
      return <ConfigStatusTag {...t} />;
    },
  };
}
