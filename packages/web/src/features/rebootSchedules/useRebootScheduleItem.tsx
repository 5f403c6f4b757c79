import { FieldTimeOutlined } from '@ant-design/icons';
import { ERR, errorMessage, rebootModesOf } from '@netloom/domain';
import type { MenuProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useRebootSchedules } from './api';
import { type ScheduleDevice, ScheduleFormModal } from './ScheduleFormModal';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * The device drawer's "Reboot schedule…" item (its "…" menu) and the form it opens: the device's
 * own schedule, made or changed. A kind without automatic maintenance (§6) has the item disabled
 * with the reason; the form itself offers an AP only the cyclic reboot.
 */
export function useRebootScheduleItem(
  projectId: number,
  device: ScheduleDevice,
  canWrite: boolean,
): { item: MenuItem; modal: ReactNode } {
  const [open, setOpen] = useState(false);
  const list = useRebootSchedules(projectId, open);
  const reason = rebootModesOf(device.type).length === 0 ? errorMessage(ERR.REBOOT_SCHEDULE_KIND) : null;
  const own = list.data?.schedules.find((s) => s.deviceId === device.id);
  const item: MenuItem = {
    key: 'rebootSchedule',
    icon: <FieldTimeOutlined />,
    disabled: !canWrite || reason !== null,
    label: reason ? `Reboot schedule — ${reason}` : 'Reboot schedule…',
    onClick: () => setOpen(true),
  };
  const modal =
    open && list.data ? (
      <ScheduleFormModal
        projectId={projectId}
        timeZone={list.data.timeZone}
        target={own ? { kind: 'edit', schedule: own } : { kind: 'new-device', device }}
        devices={[device]}
        takenDeviceIds={new Set()}
        onClose={() => setOpen(false)}
      />
    ) : null;
  return { item, modal };
}
