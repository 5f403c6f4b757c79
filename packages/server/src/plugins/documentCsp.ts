import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * The Content-Security-Policy of the console page (the built index.html): scripts only from the
 * console itself — and the page's own inline scripts (the old-browser notice), each allowed by its
 * SHA-256, so nothing injected can run; styles from the console and inline (Ant Design and the chart
 * and graph libraries set styles at run time); images, fonts and workers from the console (data: and
 * blob: for generated images, screenshots and workers); requests and the live WebSocket to the
 * console only; never framed; no plugins, no <base>, forms post only here.
 */
export function cspOf(indexHtml: string): string {
  const hashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self'${hashes.length > 0 ? ` ${hashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The policy of the page at this path, read again when the file changes (a rebuild while running). */
export function documentCsp(indexPath: string): () => string {
  let seen = { mtimeMs: -1, csp: '' };
  return () => {
    const { mtimeMs } = fs.statSync(indexPath);
    if (mtimeMs !== seen.mtimeMs) seen = { mtimeMs, csp: cspOf(fs.readFileSync(indexPath, 'utf8')) };
    return seen.csp;
  };
}
