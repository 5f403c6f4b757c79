import { expect, type Locator, type Page } from '@playwright/test';
import { apiGet } from './api';

/**
 * Configuration delivery as the settings pages show it (issue 4): the delivery bar under a page's
 * title says where the document's current version stands on the devices, and names that version.
 */

/** Where each device of a project stands with the project's settings, as the server says. */
export interface TargetStatus {
  deviceId: number;
  sn: string;
  status: 'applied' | 'pending' | 'failed';
  desiredVersion: number;
  appliedVersion: number;
  failedMessage: string | null;
}

export async function configTargets(page: Page, projectId: number): Promise<TargetStatus[]> {
  return (await apiGet<{ devices: TargetStatus[] }>(page, `/api/projects/${projectId}/config/status`))
    .devices;
}

/** The delivery bar of the page (or of a section, e.g. a device drawer's). */
export function deliveryBar(scope: Page | Locator): Locator {
  return scope.getByTestId('config-delivery');
}

/**
 * Waits until the delivery bar reports `version` applied on every device. The version matters:
 * right after a save the bar may still show the previous version as applied.
 */
export async function expectVersionApplied(
  scope: Page | Locator,
  version: number,
  timeout = 15_000,
): Promise<void> {
  const bar = deliveryBar(scope);
  // "Version 1" but not "Version 12" (the bar's text runs on into its button, so no \b).
  await expect(bar).toContainText(new RegExp(`Version ${version}(?!\\d)`), { timeout });
  await expect(bar).toHaveAttribute('data-tone', 'applied', { timeout });
}
