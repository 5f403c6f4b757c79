import { MENU_PAGES } from '../../navigation/paths';

/** Addresses of the Log page (/manage/runlog), kept out of the lazily loaded page module. */
export const LOG_DEVICE_PARAM = 'device';
export const LOG_PROJECT_WIDE_PARAM = 'projectWide';

/** The Log's configuration changes of one device, with the project-wide changes that reach it. */
export function deviceLogPath(deviceId: number): string {
  return `${MENU_PAGES.log}?${LOG_DEVICE_PARAM}=${deviceId}&tab=changes`;
}

/** What the Log's tables show: one device's entries (and the project-wide ones), or everything. */
export interface LogFilter {
  deviceId?: number | undefined;
  withProject: boolean;
}
