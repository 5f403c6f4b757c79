/**
 * The command tables of docs/protocol.md §7.2, generated from the command registry of
 * `messages/down.ts` (`COMMAND_NAMES`, `COMMAND_ARGS`, `COMMAND_STAGES`, `COMMAND_RESULTS`,
 * `capabilityOfCommand`), so each command's capability, arguments, progress stages and reply result
 * cannot drift from what the cloud sends and accepts. One table per command, after the marker
 * `<!-- command: <name> -->`; the *Rules* column stays written by hand and is kept. A command of the
 * registry without a marker gets a heading, a marker and its table before `<!-- commands: end -->`,
 * so a command added to the schemas appears on the page at the next `npm run protocol:tables`.
 */
import { COMMAND_CAPABILITIES, FEATURE_CAPABILITIES } from '@netloom/domain';
import { z } from 'zod';
import { type FieldRow, fieldRows } from './fieldTable';
import {
  COMMAND_ARGS,
  COMMAND_NAMES,
  COMMAND_RESULTS,
  COMMAND_STAGES,
  type CommandName,
  capabilityOfCommand,
} from './messages';

export interface CommandRow extends FieldRow {
  part: 'args' | 'result';
}

/** The arguments schema of a command: `{}` for one that takes none. */
export function argsSchemaOf(name: CommandName): z.ZodType {
  return (COMMAND_ARGS as Partial<Record<CommandName, z.ZodType>>)[name] ?? z.object({});
}

/** A command's rows: every argument, then every field of the reply's `result`. */
export function commandRows(name: CommandName): CommandRow[] {
  const rows: CommandRow[] = [];
  const args = fieldRows(argsSchemaOf(name));
  if (args.length === 0) rows.push({ part: 'args', field: '—', type: 'empty object `{}`', required: true });
  for (const r of args) rows.push({ part: 'args', ...r });
  const result = COMMAND_RESULTS[name];
  if (result) for (const r of fieldRows(result)) rows.push({ part: 'result', ...r });
  return rows;
}

/** The line above a command's table: its capability, its progress stages and whether it answers with a result. */
export function commandSummary(name: CommandName): string {
  const stages = COMMAND_STAGES[name];
  const progress = stages?.length ? stages.map((s) => `\`${s}\``).join(' → ') : 'none';
  const result = COMMAND_RESULTS[name]
    ? `\`result\` as below ([\`command.${name}.result.json\`](#json-schemas))`
    : 'no `result`';
  const args = `[\`command.${name}.args.json\`](#json-schemas)`;
  return `Capability \`${capabilityOfCommand(name)}\` · arguments ${args} · progress stages: ${progress} · reply: ${result}.`;
}

const MARKER = /^<!-- command: ([A-Za-z0-9]+) -->$/;
const END = '<!-- commands: end -->';
const CAPABILITIES = '<!-- capabilities -->';
const HEADER = '| Part | Field | Type | Required | Rules |';
const cell = (line: string, index: number) => (line.split(/(?<!\\)\|/)[index + 1] ?? '').trim();

export interface CommandTableProblem {
  command: string;
  problem: string;
}

function table(name: CommandName, rules: Map<string, string>, problems: CommandTableProblem[]): string[] {
  const out = ['', commandSummary(name), '', HEADER, '|---|---|---|---|---|'];
  for (const row of commandRows(name)) {
    const text = rules.get(`${row.part} ${row.field}`) ?? '';
    if (text === '' && row.field !== '—' && !/[.[]/.test(row.field))
      problems.push({ command: name, problem: `${row.part} \`${row.field}\` has no rules` });
    const field = row.field === '—' ? '—' : `\`${row.field}\``;
    out.push(
      `| ${row.part} | ${field} | ${row.type.replace(/\|/g, '\\|')} | ${row.required ? 'yes' : 'no'} | ${text} |`,
    );
  }
  return out;
}

/** The capability table of §6.1: the command capabilities and the feature capabilities. */
function capabilityTable(): string[] {
  const names = (list: readonly string[]) => list.map((n) => `\`${n}\``).join(', ');
  return [
    '',
    '| Kind | Names |',
    '|---|---|',
    `| Commands (§7.2): the device accepts the command of the same name | ${names(COMMAND_CAPABILITIES)} |`,
    `| Features | ${names(FEATURE_CAPABILITIES)} |`,
  ];
}

/**
 * Rewrites every command table (and the capability table) of the page from the registry, keeping
 * each row's rules, and adds the table of a command the page lacks. Returns what a reader would
 * miss: an argument without rules, a marker naming no command.
 */
export function syncCommandTables(page: string): { page: string; problems: CommandTableProblem[] } {
  const lines = page.split('\n');
  const out: string[] = [];
  const problems: CommandTableProblem[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === END) {
      for (const name of COMMAND_NAMES.filter((n) => !seen.has(n))) {
        out.push(
          `#### \`${name}\``,
          '',
          `<!-- command: ${name} -->`,
          ...table(name, new Map(), problems),
          '',
        );
      }
      out.push(line);
      continue;
    }
    out.push(line);
    const marker = MARKER.exec(line);
    if (!marker && line !== CAPABILITIES) continue;
    // The generated block that follows: blank lines, the summary line, the table.
    let end = i + 1;
    const rules = new Map<string, string>();
    while (end < lines.length) {
      const l = lines[end] as string;
      if (l.trim() === '' || l.startsWith('Capability `')) {
        end++;
        continue;
      }
      if (!l.startsWith('|')) break;
      if (l.startsWith('| args ') || l.startsWith('| result ')) {
        const field = cell(l, 1).replace(/^`|`$/g, '');
        rules.set(`${cell(l, 0)} ${field}`, cell(l, 4));
      }
      end++;
    }
    // Keep the blank line before whatever follows the block.
    while (end > i + 1 && (lines[end - 1] as string).trim() === '') end--;
    if (!marker) {
      out.push(...capabilityTable());
      i = end - 1;
      continue;
    }
    const name = marker[1] as string;
    if (!(COMMAND_NAMES as readonly string[]).includes(name)) {
      problems.push({ command: name, problem: 'the marker names no command' });
      continue;
    }
    seen.add(name);
    out.push(...table(name as CommandName, rules, problems));
    i = end - 1;
  }
  return { page: out.join('\n'), problems };
}
