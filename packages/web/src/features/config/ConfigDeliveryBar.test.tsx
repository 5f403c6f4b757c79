import { buildConfigTarget as buildTarget } from '@netloom/domain/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfigDeliveryBar } from './ConfigDeliveryBar';
import { savedDeliveryTargets } from './SaveDeliveryNotice';
import { savedText } from './saveFlowText';

const NOW = 1_800_000_000_000;
const MIN = 60_000;
const four = [1, 2, 3, 4].map((i) => buildTarget({ deviceId: i, name: `AP-${i}` }));

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
    expect(html).toContain('Applied on 3 of 4 · 1 pending (oldest 4 min)');
    expect(html).toContain('Version 7');
    expect(html).toContain('All 4 devices');
  });

  it('names a refusing device with its reason and what to do', () => {
    const refused = buildTarget({
      deviceId: 5,
      name: 'NL-R200',
      status: 'failed',
      failedMessage: 'Port 2 of the NL-R200 cannot be a WAN port',
    });
    const html = renderToStaticMarkup(
      <ConfigDeliveryBar projectId={1} targets={[...four, refused]} version={3} now={NOW} />,
    );
    expect(html).toContain('data-tone="failed"');
    expect(html).toContain('data-applied="4"');
    expect(html).toContain('Applied on 4 of 5 · 1 failed — NL-R200');
    expect(html).toContain('Port 2 of the NL-R200 cannot be a WAN port');
    expect(html).toContain('keeps running the settings it had');
  });

  it('shows factory settings and no device button when nothing was saved', () => {
    const html = renderToStaticMarkup(<ConfigDeliveryBar projectId={1} targets={[]} version={0} now={NOW} />);
    expect(html).toContain('Factory settings');
    expect(html).not.toContain('devices</');
    expect(html).toContain('data-tone="none"');
  });
});

describe('save notification', () => {
  it('titles the saved or restored version', () => {
    expect(savedText(7)).toBe('Saved as version 7');
    expect(savedText(8, 'Restored')).toBe('Restored as version 8');
  });

  it('follows exactly the saved devices, pending until the status shows their new version', () => {
    const statuses = [
      buildTarget({ deviceId: 1, name: 'GW', desiredVersion: 4, appliedVersion: 4 }),
      // The status query has not caught up: it still shows version 2 applied.
      buildTarget({ deviceId: 2, name: 'SW', desiredVersion: 2, appliedVersion: 2 }),
      buildTarget({ deviceId: 3, name: 'AP', status: 'failed', desiredVersion: 5, appliedVersion: 4 }),
      buildTarget({ deviceId: 7, name: 'Not saved' }),
    ];
    const report = {
      devices: [
        { deviceId: 1, version: 4 },
        { deviceId: 2, version: 3 },
        { deviceId: 3, version: 5 },
      ],
    };
    const targets = savedDeliveryTargets(report, statuses);
    expect(targets.map((t) => [t.name, t.status])).toEqual([
      ['GW', 'applied'],
      ['SW', 'pending'],
      ['AP', 'failed'],
    ]);
  });
});
