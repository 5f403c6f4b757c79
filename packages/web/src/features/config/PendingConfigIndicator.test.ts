import { describe, expect, it } from 'vitest';
import { compactIndicatorText } from './PendingConfigIndicator';

describe('the header indicator on a narrow screen', () => {
  it('names the failures first, then what is still on its way, and nothing when all is applied', () => {
    expect(compactIndicatorText(0, 0)).toBeNull();
    expect(compactIndicatorText(3, 0)).toBe('3 pending');
    expect(compactIndicatorText(1, 2)).toBe('2 failed');
    expect(compactIndicatorText(0, 1)).toBe('1 failed');
  });
});
