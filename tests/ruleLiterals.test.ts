/**
 * Each rule once (docs/architecture.md "Invariants"): a limit, a range or a length is a named
 * constant in domain's `limits.ts` (or protocol's, for the wire), and every other module imports it.
 * This test reads the source of server, web and sim and fails on a bound written as a number there —
 * a `maxLength={64}`, a `.max(128)`, a `{ min: 10, max: 4094 }` — on the same in domain and protocol
 * outside their `limits.ts`, and on a VLAN or port bound outside those two files, so a copy of a rule
 * cannot creep back in unseen.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist') walk(p);
      } else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !/^test[A-Z]/.test(name)) {
        out.push(p);
      }
    }
  };
  walk(join(ROOT, dir));
  return out;
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

function scan(files: string[], pattern: RegExp, allow: (f: Finding) => boolean = () => false): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const code = text.replace(/\/\/.*$/, '');
      if (/^\s*(\*|\/\*\*)/.test(code)) return; // TSDoc and block comments
      if (!pattern.test(code)) return;
      const f = { file: relative(ROOT, file), line: i + 1, text: text.trim() };
      if (!allow(f)) found.push(f);
    });
  }
  return found;
}

const show = (fs: Finding[]) => fs.map((f) => `${f.file}:${f.line}  ${f.text}`);

const LIMITS_FILES = ['packages/domain/src/limits.ts', 'packages/protocol/src/limits.ts'];
const isLimitsFile = (file: string) => LIMITS_FILES.includes(relative(ROOT, file));

const consumers = [
  ...sources('packages/server/src'),
  ...sources('packages/web/src'),
  ...sources('packages/sim/src'),
];

describe('each rule once: no bound written as a number outside domain and protocol', () => {
  it('no numeric maxLength / minLength (form inputs take the domain constant)', () => {
    expect(show(scan(consumers, /\b(maxLength|minLength)\s*[=:]\s*\{?\s*\d/))).toEqual([]);
  });

  it('no numeric .max( / .min( / .length( in schemas (zod bounds come from domain)', () => {
    // `.min(0)` / `.min(1)` say "not negative" / "not empty", which is no rule of the spec.
    const found = scan(
      consumers,
      /(?<!Math)\.(max|min|length)\(\s*-?\d/,
      (f) => /\.min\(\s*[01]\s*\)/.test(f.text) && !/\.(max|length)\(\s*-?\d/.test(f.text),
    );
    expect(show(found)).toEqual([]);
  });

  it('no numeric min / max of a range object or an input (VLAN ranges, ports, powers)', () => {
    // A floor of 0 (a chart axis, a count) says "not negative", which is no rule of the spec.
    const bound = /\b(min|max)\s*[=:]\s*\{?\s*-?(\d+)\s*\}?\s*[,}]/g;
    const found = scan(consumers, /\b(min|max)\s*[=:]\s*\{?\s*-?\d+\s*\}?\s*[,}]/, (f) =>
      [...f.text.matchAll(bound)].every((m) => m[1] === 'min' && m[2] === '0'),
    );
    expect(show(found)).toEqual([]);
  });

  it('VLAN and port bounds (4094, 65535) are written only in the limits of domain and protocol', () => {
    const everywhere = [...consumers, ...sources('packages/domain/src'), ...sources('packages/protocol/src')];
    const found = scan(everywhere, /\b(4094|4095|65535)\b/, (f) => LIMITS_FILES.includes(f.file));
    expect(show(found)).toEqual([]);
  });
});

/**
 * Domain and protocol define the rules, in their `limits.ts`; their schemas and rule functions name
 * the constant. A bound that is no rule — the days of a week, a percentage, the last instant a Date
 * holds — stays a number and says so on its line with a `// not a rule: …` comment.
 */
describe('each rule once: domain and protocol name their bounds from limits.ts', () => {
  const rulebooks = [...sources('packages/domain/src'), ...sources('packages/protocol/src')].filter(
    (file) => !isLimitsFile(file),
  );
  const marked = (f: Finding) => /\/\/\s*not a rule:/.test(f.text);

  it('no numeric .max( / .min( / .length( or text-length helper argument', () => {
    const found = scan(
      rulebooks,
      /(?<!Math)\.(max|min|length)\(\s*-?\d|\b(text|shortText|snakeName)\(\s*\d/,
      (f) =>
        marked(f) ||
        (/\.min\(\s*[01]\s*[,)]/.test(f.text) &&
          !/\.(max|length)\(\s*-?\d|\.min\(\s*(-|[2-9]|1\d)/.test(f.text)),
    );
    expect(show(found)).toEqual([]);
  });

  it('no numeric min / max of a range object (integer rules, text rules)', () => {
    // A floor of 0 or 1 says "not negative" / "not empty", which is no rule of the spec.
    const bound = /\b(min|max)\s*[=:]\s*\{?\s*-?(\d+)\s*\}?\s*[,}]/g;
    const found = scan(
      rulebooks,
      /\b(min|max)\s*[=:]\s*\{?\s*-?\d+\s*\}?\s*[,}]/,
      (f) =>
        marked(f) ||
        [...f.text.matchAll(bound)].every((m) => m[1] === 'min' && (m[2] === '0' || m[2] === '1')),
    );
    expect(show(found)).toEqual([]);
  });
});
