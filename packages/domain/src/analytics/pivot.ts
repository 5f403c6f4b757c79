/**
 * The data pivot (§2 named screen "data pivot", issue 15 §3): counts of the stored analytics events
 * by two of page, event, app version, browser, OS and day — the manufacturer role's screen.
 */
import { ACCOUNT_ROLES, type AccountRole } from '../enums/account';

export const PIVOT_DIMENSIONS = ['page', 'event', 'appVersion', 'browser', 'os', 'day'] as const;
export type PivotDimension = (typeof PIVOT_DIMENSIONS)[number];

export const PIVOT_DIMENSION_LABELS: Record<PivotDimension, string> = {
  page: 'Page',
  event: 'Event',
  appVersion: 'App version',
  browser: 'Browser',
  os: 'OS',
  day: 'Day',
};

/** What a cell counts: events, distinct sessions (page loads), distinct accounts. */
export const PIVOT_MEASURES = ['events', 'sessions', 'users'] as const;
export type PivotMeasure = (typeof PIVOT_MEASURES)[number];

export const PIVOT_MEASURE_LABELS: Record<PivotMeasure, string> = {
  events: 'Events',
  sessions: 'Sessions',
  users: 'Users',
};

/**
 * Who sees the data pivot: the manufacturer role (like account management, it is no item of the §2
 * menu table: the account menu shows it to this role and the server refuses others with 403).
 */
export function canViewDataPivot(role: AccountRole): boolean {
  return role === ACCOUNT_ROLES.MANUFACTURER;
}
