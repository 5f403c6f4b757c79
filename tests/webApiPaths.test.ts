/**
 * The HTTP contract once (docs/architecture.md, "Web"): every endpoint's path is declared in domain
 * (`…Endpoints` records) and the web reaches it only through `call(endpoint, input)` or
 * `hrefOf(endpoint, input)` of `packages/web/src/api/client.ts`, which build the URL. This test
 * reads the web's source and fails on any string or template literal that spells an `/api` path —
 * `'/api/x'`, `"/api/x"`, `` `/api/projects/${id}` ``, `` `${base}/api/x` `` — so a hand-built URL
 * cannot creep back in. Unit tests (and the test helpers of `src/testing/`) may assert the URLs the
 * client builds; the client itself is the one place allowed to handle a path.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const WEB_SRC = 'packages/web/src';
const ALLOWED = new Set([`${WEB_SRC}/api/client.ts`]);
const TEST_HELPERS = `${WEB_SRC}/testing/`;

function webSources(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
    }
  };
  walk(join(ROOT, WEB_SRC));
  return out.filter((p) => {
    const file = relative(ROOT, p);
    return !ALLOWED.has(file) && !file.startsWith(TEST_HELPERS);
  });
}

/**
 * An API path inside a literal: `/api` right after the opening quote or backtick, after a template
 * interpolation (`${base}/api/…`) or after a scheme and host (`https://host/api/…`), and followed by
 * the end of the path segment. Relative imports (`'../../api/client'`) do not match.
 */
const API_PATH = /(['"`}]|:\/\/[\w.:-]+)\/api(?=[/?#'"`$]|$)/;

/** The code of a line without its comment: TSDoc and block-comment lines, and trailing `// …`. */
function codeOf(line: string): string {
  if (/^\s*(\*|\/\*|\/\/)/.test(line)) return '';
  return line.replace(/(^|\s)\/\/.*$/, '$1');
}

function apiPathLines(source: string): number[] {
  const found: number[] = [];
  source.split('\n').forEach((line, i) => {
    if (API_PATH.test(codeOf(line))) found.push(i + 1);
  });
  return found;
}

describe('the web spells no API path: it calls endpoints declared in domain', () => {
  it('recognises an API path in every kind of literal, and not in imports or comments', () => {
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: these strings are source lines to scan.
    const caught = [
      "const a = '/api/x';",
      'const b = `/api/projects/${id}`;',
      'const c = "/api/auth/session";',
      'const d = `${base}/api/devices`;',
      "const e = '/api';",
      'const f = fetch(`/api?x=1`);',
      '<a href="/api/devices/import-template.xlsx">',
      "const g = 'https://cloud.example.com/api/x';",
    ];
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: these strings are source lines to scan.
    const ignored = [
      "import { call } from '../../api/client';",
      "import { useLiveEvents } from '../api/live';",
      ' * The live channel (`/api/live`) in a doc comment.',
      '/** `GET /api/meta/version` */',
      '// the /api/ prefix belongs to domain',
      'call(E.list, {}); // was `/api/projects`',
      "const h = '/apiary';",
    ];
    expect(caught.filter((l) => apiPathLines(l).length === 0)).toEqual([]);
    expect(ignored.filter((l) => apiPathLines(l).length > 0)).toEqual([]);
  });

  it('no `/api` string or template literal in packages/web/src outside api/client.ts', () => {
    const findings: string[] = [];
    for (const file of webSources()) {
      const lines = readFileSync(file, 'utf8').split('\n');
      for (const n of apiPathLines(lines.join('\n'))) {
        findings.push(`${relative(ROOT, file)}:${n}  ${lines[n - 1]?.trim()}`);
      }
    }
    // Call the endpoint instead: `call(fooEndpoints.x, { params, query, body })`, or `hrefOf(…)` for a link.
    expect(findings).toEqual([]);
  });
});
