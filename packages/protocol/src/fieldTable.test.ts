import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configResultCodes, syncCodeTables } from './codeTable';
import { fieldRows, syncFieldTables } from './fieldTable';

const page = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');

describe('field tables generated from the schemas', () => {
  it('lists every field with its type, range and whether it is required, nested fields after their parent', () => {
    const schema = z.object({
      v: z.literal(1),
      count: z.int().min(1).max(5),
      mode: z.enum(['ap', 'client']),
      ports: z
        .array(z.object({ id: z.int().min(1).max(128), name: z.string().max(3).optional() }))
        .max(2)
        .optional(),
      peer: z.object({ sn: z.string().min(16).max(32) }).nullable(),
    });
    expect(fieldRows(schema)).toEqual([
      { field: 'count', type: 'integer 1–5', required: true },
      { field: 'mode', type: '`ap` / `client`', required: true },
      { field: 'ports', type: 'array ≤ 2', required: false },
      { field: 'ports[].id', type: 'integer 1–128', required: true },
      { field: 'ports[].name', type: 'string ≤ 3', required: false },
      { field: 'peer', type: 'object or null', required: true },
      { field: 'peer.sn', type: 'string 16–32', required: true },
    ]);
  });

  it('docs/protocol.md is what the schemas make it, and every top-level field has its rules (npm run protocol:tables)', () => {
    const { page: generated, problems } = syncFieldTables(page);
    expect(problems).toEqual([]);
    expect(generated).toBe(page);
    // Every message has its table.
    for (const m of [
      'hello',
      'state',
      'telemetry',
      'clients',
      'events',
      'reply',
      'progress',
      'configResult',
      'config',
      'command',
    ])
      expect(page).toContain(`<!-- fields: ${m} -->`);
  });

  it('finds the drift: a field the page does not describe, or a type the page states wrongly', () => {
    const withoutNote = page.replace(/^\| `note` \|.*\n/m, '');
    expect(syncFieldTables(withoutNote).problems).toContainEqual({
      message: 'state',
      problem: '`note` has no rules',
    });
    const wrongType = page.replace('| `cpu` | number 0–100 |', '| `cpu` | integer 0–100 |');
    expect(wrongType).not.toBe(page);
    expect(syncFieldTables(wrongType).page).toBe(page);
  });
});

describe('the configResult codes of §10, generated from the catalogue', () => {
  it('lists every rule code with the message the console shows, and the page holds exactly that list', () => {
    const codes = configResultCodes();
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining([103, 127, 416, 713, 1100]));
    expect(codes.every((c) => c.message.length > 0)).toBe(true);
    expect(syncCodeTables(page)).toBe(page);
    for (const c of codes) expect(page).toContain(`| ${c.code} | ${c.message} |`);
  });
});

describe('the JSON Schema link next to every table', () => {
  it('names each message’s served schema right before its field table', () => {
    for (const [, m] of page.matchAll(/<!-- fields: (\w+) -->/g))
      expect(page).toContain(
        `JSON Schema: [\`/protocol/v1/schemas/${m}.json\`](#json-schemas)\n\n<!-- fields: ${m} -->`,
      );
  });
});
