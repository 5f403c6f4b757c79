/**
 * Each rule once (docs/architecture.md "Invariants"): a limit, a range or a length is a named
 * constant in domain (or protocol, for the wire), and every other package imports it. This test
 * reads the source of server, web and sim and fails on a bound written as a number there — a
 * `maxLength={64}`, a `.max(128)`, a `{ min: 10, max: 4094 }` — and on a VLAN or port bound outside
 * domain's `limits.ts`, so a copy of a rule cannot creep back in unseen.
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
    const found = scan(
      everywhere,
      /\b(4094|4095|65535)\b/,
      (f) => f.file === 'packages/domain/src/limits.ts' || f.file === 'packages/protocol/src/limits.ts',
    );
    expect(show(found)).toEqual([]);
  });
});
