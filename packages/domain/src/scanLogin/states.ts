/**
 * The life of a scan-to-login ticket (spec §4 "Scan login: waiting, scanned, logging in, expired,
 * network error"). The server keeps `waiting → scanned → confirmed | refused → used`; `expired` is
 * derived from the clock. "Logging in" is the desktop's own step between `confirmed` and `used`, and
 * "network error" is what the desktop shows when it cannot reach the server: neither is stored.
 */
export const SCAN_TICKET_STATES = ['waiting', 'scanned', 'confirmed', 'refused', 'used', 'expired'] as const;
export type ScanTicketState = (typeof SCAN_TICKET_STATES)[number];

/** The states in which nothing more can happen to a ticket: the desktop stops asking. */
export const SCAN_FINAL_STATES: readonly ScanTicketState[] = ['refused', 'used', 'expired'];

/** What the desktop's "App scan" tab shows (§4 plus `refused`, the phone's "No"). */
export const SCAN_VIEW_STATES = [
  'waiting',
  'scanned',
  'loggingIn',
  'expired',
  'refused',
  'networkError',
] as const;
export type ScanViewState = (typeof SCAN_VIEW_STATES)[number];

/** The words of each view state: a title and one line of what to do. */
export const SCAN_VIEW_TEXT: Record<ScanViewState, { title: string; hint: string }> = {
  waiting: {
    title: 'Scan with your phone',
    hint: 'Open the camera or the Netloom app on a phone where you are signed in, and scan the code.',
  },
  scanned: { title: 'Scanned', hint: 'Confirm the sign-in on your phone.' },
  loggingIn: { title: 'Signing you in…', hint: 'Confirmed on your phone. Opening the console.' },
  expired: {
    title: 'QR code expired',
    hint: 'The code is valid for two minutes. Refresh it and scan again.',
  },
  refused: {
    title: 'Sign-in refused',
    hint: 'The sign-in was refused on the phone. Refresh the code to try again.',
  },
  networkError: {
    title: 'Network error',
    hint: 'The console could not be reached. Check your connection and refresh the code.',
  },
};

/**
 * What the desktop shows for a ticket state the server reported: `confirmed` is "logging in" (the
 * desktop now redeems it); `used` (another request of this browser finished it) is "logging in" too.
 */
export function scanViewState(state: ScanTicketState): ScanViewState {
  switch (state) {
    case 'waiting':
      return 'waiting';
    case 'scanned':
      return 'scanned';
    case 'confirmed':
    case 'used':
      return 'loggingIn';
    case 'refused':
      return 'refused';
    case 'expired':
      return 'expired';
  }
}

/**
 * The state a stored ticket is in at `now`: a ticket not yet used is expired once its time is up
 * (a used one stays used, so a second redeem says 3102, not 3103).
 */
export function effectiveScanState(stored: ScanTicketState, expiresAt: number, now: number): ScanTicketState {
  if (stored === 'used') return 'used';
  return now >= expiresAt ? 'expired' : stored;
}
