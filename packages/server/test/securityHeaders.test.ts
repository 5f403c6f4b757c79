/**
 * HTTP hardening (issue 16 §4): security headers on every answer, the console page's
 * Content-Security-Policy (its own inline script allowed by hash, nothing else inline), and the
 * errors raised before routing — a URL that cannot be decoded, headers too large — in the envelope.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ERR } from '@netloom/domain';
import { afterAll, expect, it } from 'vitest';
import { cspOf } from '../src/plugins/documentCsp';
import { describeEachDb, useTestApp } from './harness';

const INLINE = "document.getElementById('root').textContent = 'old browser';";
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-web-csp-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  `<!doctype html><title>Netloom</title><div id="root"></div><script nomodule>${INLINE}</script><script type="module" crossorigin src="/assets/app-1.js"></script>`,
);
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

/** A raw HTTP request on a socket (what inject cannot send: headers beyond Node's limit). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}

it('the page policy allows the page’s inline scripts by their hash and nothing inline else', () => {
  const csp = cspOf(
    `<script>${INLINE}</script><script src="/a.js"></script><script type="module">  </script>`,
  );
  expect(csp).toContain(`script-src 'self' ${sha(INLINE)};`);
  expect(csp).not.toContain("'unsafe-inline' 'sha");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  for (const d of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "connect-src 'self'"])
    expect(csp).toContain(d);
  expect(cspOf('<p>no scripts</p>')).toContain("script-src 'self';");
});

describeEachDb('security headers', (kind) => {
  const t = useTestApp(kind, { env: { WEB_DIR: webDir } });

  it('every answer carries nosniff, no framing and no referrer; the console page its policy', async () => {
    for (const url of ['/api/meta/server-config', '/api/nope', '/', '/manage/visualization/topo']) {
      const r = await t().app.inject({ method: 'GET', url });
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      expect(r.headers['x-frame-options'], url).toBe('DENY');
      expect(r.headers['referrer-policy'], url).toBe('no-referrer');
    }
    for (const url of ['/', '/projects/list']) {
      const page = await t().app.inject({ method: 'GET', url });
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-security-policy']).toBe(
        cspOf(fs.readFileSync(path.join(webDir, 'index.html'), 'utf8')),
      );
      expect(page.headers['content-security-policy']).toContain(sha(INLINE));
    }
    // JSON needs no page policy.
    const api = await t().app.inject({ method: 'GET', url: '/api/meta/server-config' });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('a URL that cannot be decoded and headers too large answer in the envelope', async () => {
    const bad = await t().app.inject({ method: 'GET', url: '/api/%' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: ERR.INVALID_PARAMETERS, message: 'Invalid parameters.' });

    const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const huge = await rawRequest(
      port,
      `GET /api/meta/server-config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toEqual({
      code: ERR.INVALID_PARAMETERS,
      message: 'Invalid parameters.',
    });
  });
});
