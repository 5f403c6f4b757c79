import { buildConfigTarget as buildTarget } from '@netloom/domain/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfigTargetTable } from './ConfigTargetTable';
import { canRetry, retryText } from './RetryDelivery';

const ref = (deviceId: number, name: string) => ({ deviceId, name });

describe('retry delivery', () => {
  it('offers failed and pending devices, not applied ones', () => {
    expect(canRetry(buildTarget({ status: 'failed' }))).toBe(true);
    expect(canRetry(buildTarget({ status: 'pending', pendingSince: 1 }))).toBe(true);
    expect(canRetry(buildTarget())).toBe(false);
  });

  it('says what was sent again and which offline devices were left out (407)', () => {
    expect(retryText({ retried: [{ ...ref(1, 'GW'), version: 4 }], unchanged: [], offline: [] })).toEqual({
      tone: 'success',
      text: 'Sent again to 1 device.',
    });
    expect(
      retryText({
        retried: [{ ...ref(1, 'GW'), version: 4 }],
        unchanged: [],
        offline: ['AP-1', 'AP-2', 'AP-3', 'AP-4'].map((n, i) => ref(i + 2, n)),
      }),
    ).toEqual({
      tone: 'warning',
      text: 'Sent again to 1 device. Offline, not retried: AP-1, AP-2, AP-3 and 1 more — retry once back online.',
    });
    expect(retryText({ retried: [], unchanged: [ref(1, 'GW')], offline: [] })).toEqual({
      tone: 'info',
      text: 'Nothing to retry: GW already has the settings.',
    });
  });

  it('shows no selection without a project (read-only uses of the table)', () => {
    const html = renderToStaticMarkup(<ConfigTargetTable targets={[buildTarget({ status: 'failed' })]} />);
    expect(html).toContain('Gateway-1');
    expect(html).not.toContain('type="checkbox"');
  });
});
