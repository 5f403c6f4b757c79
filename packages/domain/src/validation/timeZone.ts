import { z } from 'zod';
import { ERR, errorMessage } from '../errors/catalogue';
import { TIME_ZONE_MAX_LENGTH } from '../limits';
import { isTimeZone, zoneForOffset } from '../time/zones';

// A project's time zone, apart from its other fields (`project.ts`) because its rule's message comes
// from the whole catalogue: the session's copy of the project, built on `project.ts` and read on the
// sign-in screens too, does without it.

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
