import { errorMessage } from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfigDeliveryBar } from './ConfigDeliveryBar';
import { formatAge, summarizeDelivery } from './delivery';
import { indicatorText } from './PendingConfigIndicator';
import { savedText } from './saveFlowText';
import { buildTarget } from './testTargets';

const NOW = 1_800_000_000_000;
const MIN = 60_000;
const four = [1, 2, 3, 4].map((i) => buildTarget({ deviceId: i, name: `AP-${i}` }));

describe('delivery summary', () => {
  it('says applied on all devices', () => {
    expect(summarizeDelivery(four, NOW)).toMatchObject({ tone: 'applied', text: 'Applied on all 4 devices' });
    expect(summarizeDelivery([buildTarget()], NOW).text).toBe('Applied on Gateway-1');
  });

  it('counts pending devices with the oldest age and the offline ones', () => {
    const targets = [
      ...four.slice(0, 2),
      buildTarget({ deviceId: 3, status: 'pending', pendingSince: NOW - 3 * MIN - 10_000 }),
      buildTarget({ deviceId: 4, status: 'pending', pendingSince: NOW - MIN, online: false }),
    ];
    const s = summarizeDelivery(targets, NOW);
    expect(s).toMatchObject({ tone: 'pending', pending: 2, applied: 2, offlinePending: 1 });
    expect(s.text).toBe('2 pending (oldest 3 min), 1 offline');
  });

  it('names the failure reason first', () => {
    const targets = [
      buildTarget({ status: 'failed', failedCode: 414, failedMessage: 'VLAN 20 overlaps LAN' }),
      buildTarget({ deviceId: 2, status: 'pending', pendingSince: NOW - 30_000 }),
    ];
    const s = summarizeDelivery(targets, NOW);
    expect(s.tone).toBe('failed');
    expect(s.text).toBe(
      `1 failed: ${errorMessage(414).replace(/\.$/, '')} — VLAN 20 overlaps LAN · 1 pending (oldest < 1 min)`,
    );
  });

  it('says when nothing receives the document', () => {
    expect(summarizeDelivery([], NOW)).toMatchObject({
      tone: 'none',
      text: 'No device receives these settings yet',
    });
  });

  it('formats ages coarsely', () => {
    expect(formatAge(59_000)).toBe('< 1 min');
    expect(formatAge(125 * MIN)).toBe('2 h 5 min');
    expect(formatAge(48 * 60 * MIN)).toBe('2 d');
    expect(formatAge(-5)).toBe('< 1 min');
  });
});

describe('ConfigDeliveryBar', () => {
  it('renders the summary, the version and the device count', () => {
    const targets = [
      ...four.slice(0, 3),
      buildTarget({ deviceId: 9, status: 'pending', pendingSince: NOW - 4 * MIN }),
    ];
    const html = renderToStaticMarkup(
      <ConfigDeliveryBar projectId={1} targets={targets} version={7} now={NOW} />,
    );
    expect(html).toContain('data-tone="pending"');
    expect(html).toContain('1 pending (oldest 4 min)');
    expect(html).toContain('Version 7');
    expect(html).toContain('All 4 devices');
  });

  it('shows factory settings and no device button when nothing was saved', () => {
    const html = renderToStaticMarkup(<ConfigDeliveryBar projectId={1} targets={[]} version={0} now={NOW} />);
    expect(html).toContain('Factory settings');
    expect(html).not.toContain('devices</');
    expect(html).toContain('data-tone="none"');
  });
});

describe('header indicator and save notification texts', () => {
  it('hides the indicator when nothing is pending or failed', () => {
    expect(indicatorText(0, 0)).toBeNull();
    expect(indicatorText(3, 0)).toBe('3 devices pending');
    expect(indicatorText(1, 2)).toBe('1 device pending · 2 failed');
    expect(indicatorText(0, 1)).toBe('1 failed');
  });

  it('tells what a saved version does on the devices', () => {
    const delivery = {
      targets: 5,
      online: 3,
      queued: 1,
      skipped: [{ deviceId: 4, name: 'AP-4', code: 133, message: 'x' }],
    };
    expect(savedText(7, delivery)).toBe(
      'Saved as version 7. Sent to 3 devices; 1 offline device will get it when it reconnects; 1 device skipped.',
    );
    expect(savedText(2, { targets: 0, online: 0, queued: 0, skipped: [] })).toBe(
      'Saved as version 2. No device receives these settings yet.',
    );
    expect(savedText(8, { targets: 2, online: 0, queued: 2, skipped: [] }, 'Restored')).toBe(
      'Restored as version 8. 2 offline devices will get it when they reconnect.',
    );
  });
});
