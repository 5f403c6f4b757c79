import { expect, type Page } from '@playwright/test';

/**
 * Waits until no finite animation runs (antd's dropdowns and modals zoom and fade in and out), so a
 * screenshot shows the screen as it stays, not half-transparent mid-transition. Infinite ones
 * (skeletons, spinners) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (a) =>
                a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            ).length,
      ),
    )
    .toBe(0);
}
