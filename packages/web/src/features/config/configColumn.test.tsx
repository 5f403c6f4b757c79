import type { Device } from '@netloom/domain';
import { buildConfigTarget as buildTarget } from '@netloom/domain/testing';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CONFIG_COLUMN_WIDTH, configDeliveryColumn } from './configColumn';
import { versionText } from './DeviceConfigSection';

const device = (id: number) => ({ id }) as Device;

/** The markup of the Config cell of device `id`. */
function cell(byDevice: Parameters<typeof configDeliveryColumn>[0], id: number): string {
  const column = configDeliveryColumn(byDevice);
  return renderToStaticMarkup(column.render?.(undefined, device(id), 0) as ReactNode);
}

describe('the device list’s Config column', () => {
  const byDevice = new Map([
    [1, buildTarget({ deviceId: 1 })],
    [2, buildTarget({ deviceId: 2, status: 'pending', pendingSince: Date.now() - 5 * 60_000 })],
    [3, buildTarget({ deviceId: 3, status: 'failed', failedCode: 1133, failedMessage: 'no VLANs here' })],
  ]);

  it('is titled Config with its own width', () => {
    const column = configDeliveryColumn(byDevice);
    expect(column.title).toBe('Config');
    expect(column.width).toBe(CONFIG_COLUMN_WIDTH);
  });

  it('shows applied, pending with its age and failed per device', () => {
    expect(cell(byDevice, 1)).toContain('data-config-status="applied"');
    const pending = cell(byDevice, 2);
    expect(pending).toContain('data-config-status="pending"');
    expect(pending.replace(/<[^>]+>/g, '')).toBe('Pending · 5 min');
    expect(cell(byDevice, 3)).toContain('data-config-status="failed"');
  });

  it('shows a dash for a device no settings were sent to', () => {
    const html = cell(byDevice, 9);
    expect(html).toContain('data-config-status="none"');
    expect(html.replace(/<[^>]+>/g, '')).toBe('—');
  });
});

describe('the device drawer’s version line', () => {
  it('says what the device runs and what became of the newest version', () => {
    expect(versionText({ status: 'applied', appliedVersion: 3, desiredVersion: 3 })).toBe('v3');
    expect(versionText({ status: 'pending', appliedVersion: 2, desiredVersion: 3 })).toBe(
      'Runs v2, v3 on its way',
    );
    expect(versionText({ status: 'failed', appliedVersion: 0, desiredVersion: 1 })).toBe(
      'Factory settings; v1 refused',
    );
  });
});
