/** Calendar days of a project: `time_zone` is the project's UTC offset in hours (default +8). */

/** YYYY-MM-DD of the instant `ms` at UTC offset `offsetHours`. */
export function dayInZone(ms: number, offsetHours: number): string {
  return new Date(ms + offsetHours * 3600_000).toISOString().slice(0, 10);
}
