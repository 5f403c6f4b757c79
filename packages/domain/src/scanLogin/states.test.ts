import { describe, expect, it } from 'vitest';
import { effectiveScanState, SCAN_TICKET_STATES, SCAN_VIEW_TEXT, scanViewState } from './states';

describe('scan-to-login states', () => {
  it('a ticket not yet used expires with its time; a used one stays used', () => {
    expect(effectiveScanState('waiting', 1000, 999)).toBe('waiting');
    expect(effectiveScanState('waiting', 1000, 1000)).toBe('expired');
    expect(effectiveScanState('confirmed', 1000, 2000)).toBe('expired');
    expect(effectiveScanState('refused', 1000, 2000)).toBe('expired');
    expect(effectiveScanState('used', 1000, 2000)).toBe('used');
  });

  it('every server state maps to a view state with words (§4: waiting, scanned, logging in, expired)', () => {
    expect(SCAN_TICKET_STATES.map(scanViewState)).toEqual([
      'waiting',
      'scanned',
      'loggingIn',
      'refused',
      'loggingIn',
      'expired',
    ]);
    for (const s of SCAN_TICKET_STATES) expect(SCAN_VIEW_TEXT[scanViewState(s)].title).not.toBe('');
    expect(SCAN_VIEW_TEXT.networkError.title).toBe('Network error');
  });
});
