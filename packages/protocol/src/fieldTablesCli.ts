// `npm run protocol:tables`: rewrites the field tables of docs/protocol.md from the message schemas
// (packages/protocol/src/fieldTable.ts), the command tables from the command registry
// (commandTable.ts) and the configResult codes from the catalogue, keeping each row's rules. `--check` changes nothing and
// fails when the page is not what the schemas make it (the protocol tests check the same).
import { readFileSync, writeFileSync } from 'node:fs';
import { syncCodeTables } from './codeTable';
import { syncCommandTables } from './commandTable';
import { syncFieldTables } from './fieldTable';

const file = new URL('../../../docs/protocol.md', import.meta.url);
const page = readFileSync(file, 'utf8');
const { page: fields, problems: fieldProblems } = syncFieldTables(page);
const { page: commands, problems: commandProblems } = syncCommandTables(fields);
const next = syncCodeTables(commands);
const problems = [
  ...fieldProblems.map((p) => `${p.message}: ${p.problem}`),
  ...commandProblems.map((p) => `command ${p.command}: ${p.problem}`),
];
for (const p of problems) console.error(p);
if (process.argv.includes('--check')) {
  if (next !== page)
    console.error(
      'docs/protocol.md: the generated tables differ from the schemas, the command registry and the catalogue (npm run protocol:tables)',
    );
  process.exit(next !== page || problems.length > 0 ? 1 : 0);
}
writeFileSync(file, next);
console.log(
  `docs/protocol.md: field and command tables written${problems.length ? `, ${problems.length} rows without rules` : ''}`,
);
