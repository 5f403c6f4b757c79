import { readFileSync } from 'node:fs';
import { COMMAND_CAPABILITIES, DEVICE_CAPABILITIES } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { argsSchemaOf, commandRows, syncCommandTables } from './commandTable';
import {
  COMMAND_NAMES,
  COMMAND_RESULTS,
  COMMAND_STAGES,
  type CommandName,
  capabilityOfCommand,
  commandSchema,
  isCommandName,
  progressSchema,
  replySchema,
} from './messages';

const page = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
const examples = (name: string) =>
  [
    ...page.matchAll(
      new RegExp(`<!-- example: (?:up|down)/${name} -->\\s*\`\`\`json\\n([\\s\\S]*?)\`\`\``, 'g'),
    ),
  ].map((m): unknown => JSON.parse(m[1] as string));

describe('the command tables of §7.2, generated from the command registry', () => {
  it('docs/protocol.md holds one table per command, as the registry makes it (npm run protocol:tables)', () => {
    const { page: generated, problems } = syncCommandTables(page);
    expect(problems).toEqual([]);
    expect(generated).toBe(page);
    for (const name of COMMAND_NAMES) expect(page).toContain(`<!-- command: ${name} -->`);
  });

  it('adds the table of a command the page lacks before the end marker, and finds a marker naming no command', () => {
    const withoutLocate = page.replace('<!-- command: locate -->', '<!-- command: blink -->');
    const { page: generated, problems } = syncCommandTables(withoutLocate);
    expect(problems).toContainEqual({ command: 'blink', problem: 'the marker names no command' });
    expect(generated).toMatch(
      /#### `locate`\n\n<!-- command: locate -->\n\nCapability `locate`[^\n]*\n\n\| Part \|/,
    );
    expect(generated.indexOf('<!-- command: locate -->')).toBeLessThan(
      generated.indexOf('<!-- commands: end -->'),
    );
    // A changed bound is rewritten from the schema.
    const wrong = page.replace('| args | `minutes` | integer 1–30 |', '| args | `minutes` | integer 1–60 |');
    expect(wrong).not.toBe(page);
    expect(syncCommandTables(wrong).page).toBe(page);
  });

  it('lists the arguments, then the result, of a command', () => {
    expect(commandRows('locate')).toEqual([
      { part: 'args', field: 'minutes', type: 'integer 1–30', required: true },
      { part: 'result', field: 'until', type: 'integer ≥ 0', required: true },
    ]);
    expect(commandRows('reboot')).toEqual([
      { part: 'args', field: '—', type: 'empty object `{}`', required: true },
    ]);
  });

  it('every command has its capability, and every command capability is a command (cpeMode included)', () => {
    for (const name of COMMAND_NAMES) expect(DEVICE_CAPABILITIES).toContain(capabilityOfCommand(name));
    for (const c of COMMAND_CAPABILITIES) expect(isCommandName(c)).toBe(true);
    expect(COMMAND_CAPABILITIES).toContain('cpeMode');
    expect(COMMAND_CAPABILITIES).toContain('routeTable');
  });

  it('the stages of the page are the registry’s: cpeMode clearing → restarting, upgrade ends in restarting', () => {
    expect(COMMAND_STAGES.cpeMode).toEqual(['clearing', 'restarting']);
    expect(COMMAND_STAGES.upgrade?.at(-1)).toBe('restarting');
    for (const stages of Object.values(COMMAND_STAGES))
      for (const stage of stages ?? [])
        expect(progressSchema.shape.stage.safeParse(stage).success).toBe(true);
  });

  it('every command example of the page has arguments its command accepts, and its reply a result of the right shape', () => {
    const commands = examples('command').map((e) => commandSchema.parse(e));
    expect(commands.length).toBeGreaterThan(3);
    const nameOf = new Map<string, CommandName>();
    for (const c of commands) {
      expect(isCommandName(c.name), c.name).toBe(true);
      if (!isCommandName(c.name)) continue;
      nameOf.set(c.id, c.name);
      const args = argsSchemaOf(c.name).safeParse(c.args);
      expect(args.success, `${c.name}: ${args.error?.message}`).toBe(true);
    }
    for (const example of examples('reply')) {
      const reply = replySchema.parse(example);
      const name = nameOf.get(reply.id);
      if (!name || !reply.ok) continue;
      const result = COMMAND_RESULTS[name];
      if (result) expect(result.safeParse(reply.result).success, name).toBe(true);
      else expect(reply.result).toBeUndefined();
    }
    for (const example of examples('progress')) {
      const progress = progressSchema.parse(example);
      const name = nameOf.get(progress.id);
      if (name) expect(COMMAND_STAGES[name]).toContain(progress.stage);
    }
  });
});
