import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { stopProcess } from './support/console';
import { takeHarness } from './support/harness';
import { reportServerErrors } from './support/serverErrors';

export default async function globalTeardown(): Promise<void> {
  const harness = takeHarness();
  if (!harness) return;
  await stopProcess(harness.server);
  await harness.smtp.close();
  await harness.oidc.close();
  reportServerErrors(join(harness.root, 'server.log'));
  // Keep the data and mailbox when asked, to inspect a failed run.
  if (!process.env.NETLOOM_E2E_KEEP) rmSync(harness.root, { recursive: true, force: true });
}
