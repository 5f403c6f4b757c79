import { z } from 'zod';
import { NET_MODES, SCENARIOS } from '../enums/project';
import { ERR, errorMessage } from '../errors/catalogue';
import {
  PROJECT_ADDRESS_MAX_LENGTH,
  PROJECT_LOCATION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  TIME_ZONE_MAX_LENGTH,
} from '../limits';
import { isTimeZone, zoneForOffset } from '../time/zones';
import { optionalTextSchema, textSchema } from './text';

export const projectNameSchema = textSchema({ label: 'Project name', max: PROJECT_NAME_MAX_LENGTH });
export const netModeSchema = z.union([z.literal(NET_MODES.WLAN), z.literal(NET_MODES.MESH)], {
  message: 'Choose a network mode: traditional WLAN or cable-free (mesh).',
});
export const scenarioSchema = z.enum(SCENARIOS, { message: 'Choose a scenario.' });
export const projectLocationSchema = optionalTextSchema({
  label: 'Location',
  max: PROJECT_LOCATION_MAX_LENGTH,
});
export const projectAddressSchema = optionalTextSchema({
  label: 'Detailed address',
  max: PROJECT_ADDRESS_MAX_LENGTH,
});
/** A project's time zone: an IANA name the zone database knows (436 otherwise). */
export const timeZoneSchema = z
  .string()
  .max(TIME_ZONE_MAX_LENGTH)
  .refine(isTimeZone, errorMessage(ERR.UNKNOWN_TIME_ZONE));

/**
 * The time zone as the API takes it: an IANA name, or (deprecated, for clients written before
 * issue 10) one of the old offsets in hours, read as the zone migration 0008 gives it. The name is
 * checked by the service, so an unknown one is refused with its own code (436), not as a shape error.
 */
export const timeZoneInputSchema = z.union([z.string().max(TIME_ZONE_MAX_LENGTH), z.number()]);

/** The zone a request names: the name itself, or an old offset's zone; null when neither is known. */
export function requestedTimeZone(value: string | number): string | null {
  if (typeof value === 'number') return zoneForOffset(value);
  return isTimeZone(value) ? value : null;
}
