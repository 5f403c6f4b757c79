import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eConsoleEnv, type RunningConsole, startConsole, stopProcess } from './console';
import { startSmtpCapture } from './mailbox';

/** A console of one test file's own: its database, its SMTP capture (`mailbox`), its settings. */
export interface PrivateConsole {
  console: RunningConsole;
  url: string;
  mailbox: string;
  close(): Promise<void>;
}

/**
 * Starts a console apart from the suite's shared one, for a test that needs a setting the others
 * must not see (a faster reboot scheduler, a clock it moves). `env` adds to the suite's usual ones.
 */
export async function startPrivateConsole(tag: string, env: Record<string, string>): Promise<PrivateConsole> {
  const root = mkdtempSync(join(tmpdir(), `netloom-e2e-${tag}-`));
  const mailbox = join(root, 'mailbox.jsonl');
  writeFileSync(mailbox, '');
  const smtp = await startSmtpCapture(mailbox);
  const running = await startConsole(
    {
      ...e2eConsoleEnv(root, smtp.port),
      DEMO_ENABLED: 'false',
      ...env,
    },
    60_000,
  );
  return {
    console: running,
    url: running.url,
    mailbox,
    async close() {
      await stopProcess(running.process);
      await smtp.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
