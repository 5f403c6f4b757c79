/**
 * The `time` section of a device document (docs/protocol.md §7.1): the project's clock, which the
 * device's local-time features run on (a Wi-Fi network's shutdown periods and date range, later
 * scheduled reboots). Sent with every document, so "local midnight" means the same thing to the
 * console and the device, summer time included.
 */
import { z } from 'zod';
import { TIME_ZONE_MAX_LENGTH } from '../limits';
import { posixTimeZone } from './posix';

export const deviceTimeSectionSchema = z.object({
  /** IANA zone (Europe/Lisbon): a device with a zone database uses it. */
  zone: z.string().min(1).max(TIME_ZONE_MAX_LENGTH),
  /** The same zone as a POSIX TZ string (`<+00>0<+01>-1,M3.5.0/1,M10.5.0/2`) for devices without one. */
  posix: z.string().min(1).max(TIME_ZONE_MAX_LENGTH),
});
export type DeviceTimeSection = z.infer<typeof deviceTimeSectionSchema>;

/** The section for a project's zone, with the POSIX rules of the year of `at`. */
export function deviceTimeSection(zone: string, at: number): DeviceTimeSection {
  return { zone, posix: posixTimeZone(zone, at) };
}
