import type { ChildProcess } from 'node:child_process';
import type { SmtpCapture } from './mailbox';
import type { E2eOidcProvider } from './oidc';

/** What global setup started and global teardown stops. */
export interface Harness {
  smtp: SmtpCapture;
  /** The OpenID provider of social sign-in. */
  oidc: E2eOidcProvider;
  server: ChildProcess;
  /** Temp directory holding the mailbox file and the server's DATA_DIR. */
  root: string;
}

// Setup and teardown run in the same runner process but may be loaded as separate module
// instances, so the handles live on globalThis rather than in a module variable.
const KEY = Symbol.for('netloom.e2e.harness');
type WithHarness = typeof globalThis & { [KEY]?: Harness };

export function setHarness(harness: Harness): void {
  (globalThis as WithHarness)[KEY] = harness;
}

export function takeHarness(): Harness | undefined {
  const g = globalThis as WithHarness;
  const harness = g[KEY];
  delete g[KEY];
  return harness;
}
