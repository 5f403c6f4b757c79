import { MAINTENANCE_ACTION_INFO, MAINTENANCE_ACTIONS } from '@netloom/domain';
import { Button, Space, Tooltip } from 'antd';
import { plural } from '../../components/format';
import { ACTION_ICONS } from './DeviceActions';
import { useMaintenance } from './useMaintenance';
import { type MaintenanceDevice, splitByRule } from './words';

interface Props {
  projectId: number;
  /** The ticked rows. */
  devices: MaintenanceDevice[];
  /** After the command went out (the list clears its selection). */
  onDone(): void;
}

/**
 * Restart, Locate and Reset for the ticked devices of the list. A button is disabled, with the
 * reason, when no ticked device may take the action; otherwise its tooltip says how many will and
 * the confirmation lists the ones that will be skipped.
 */
export function BulkMaintenanceActions({ projectId, devices, onDone }: Props) {
  const flow = useMaintenance(projectId, onDone);
  // The dialogs stay mounted when the selection empties: the result shows after the list cleared it.
  if (devices.length === 0) return <>{flow.dialogs}</>;
  return (
    <Space size={8} data-testid="bulk-maintenance">
      {MAINTENANCE_ACTIONS.map((action) => {
        const label = MAINTENANCE_ACTION_INFO[action].label;
        const { allowed, refused } = splitByRule(action, devices);
        const tip =
          allowed.length === 0
            ? `None of the selected devices can ${label.toLowerCase()} now: ${refused[0]?.reason ?? ''}`
            : refused.length > 0
              ? `${plural(allowed.length, 'device')} of ${devices.length}; ${refused.length} will be skipped.`
              : undefined;
        return (
          <Tooltip key={action} title={tip}>
            <Button
              icon={ACTION_ICONS[action]}
              disabled={allowed.length === 0}
              onClick={() => flow.start(action, devices)}
              data-testid={`bulk-${action}`}
            >
              {label}
            </Button>
          </Tooltip>
        );
      })}
      {flow.dialogs}
    </Space>
  );
}
