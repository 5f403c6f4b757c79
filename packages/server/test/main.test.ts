import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  // Node itself with tsx's loader, not the tsx CLI: the CLI relays signals to a child process and
  // SIGKILLs it when the child is slow to acknowledge (a busy event loop), which is not a shutdown.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('main (a real process)', () => {
  it('migrates, listens on PORT=0, prints one ready line with the URL, stops on SIGTERM', async () => {
    const p = run({ PORT: '0' });
    const deadline = Date.now() + 20_000;
    let ready: { msg: string; url: string } | undefined;
    while (!ready && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      ready = p
        .out()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'Netloom console ready');
    }
    expect(ready?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${ready?.url}/api/meta/version`);
    expect(((await res.json()) as { code: number }).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'netloom.db'))).toBe(true);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(
      p
        .out()
        .split('\n')
        .filter((l) => l.includes('Netloom console ready')),
    ).toHaveLength(1);
  });

  it('exits 1 listing every configuration problem', async () => {
    const p = run({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await p.exited).toBe(1);
    expect(p.err()).toContain('PORT must be an integer');
    expect(p.err()).toContain('LOG_LEVEL must be one of');
  });
});
