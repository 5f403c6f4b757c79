/**
 * The reboot schedules feature's public face (issue 13 §1): the device maintenance page's "Reboot
 * schedules" button and drawer, and its live invalidations, over domain `rebootScheduleEndpoints`.
 */

export { rebootScheduleKeys, rebootSchedulesLive } from './keys';
export { RebootSchedulesButton } from './RebootSchedulesDrawer';
