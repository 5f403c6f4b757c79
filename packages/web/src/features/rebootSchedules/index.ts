/**
 * The reboot schedules feature's public face (issue 13 §1): the device maintenance page's "Reboot
 * schedules" button and drawer, the device drawer's "Reboot schedule…" item, and its live invalidations, over domain `rebootScheduleEndpoints`.
 */

export { rebootScheduleKeys, rebootSchedulesLive } from './keys';
export { RebootSchedulesButton } from './RebootSchedulesDrawer';
export { useRebootScheduleItem } from './useRebootScheduleItem';
