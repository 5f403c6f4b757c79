// `npm run protocol:tables`: rewrites the field tables of docs/protocol.md from the message schemas
// (packages/protocol/src/fieldTable.ts), keeping each field's rules. `--check` changes nothing and
// fails when the page is not what the schemas make it (the protocol tests check the same).
import { readFileSync, writeFileSync } from 'node:fs';
import { syncCodeTables } from './codeTable';
import { syncFieldTables } from './fieldTable';

const file = new URL('../../../docs/protocol.md', import.meta.url);
const page = readFileSync(file, 'utf8');
const { page: fields, problems } = syncFieldTables(page);
const next = syncCodeTables(fields);
for (const p of problems) console.error(`${p.message}: ${p.problem}`);
if (process.argv.includes('--check')) {
  if (next !== page)
    console.error(
      'docs/protocol.md: the generated tables differ from the schemas and the catalogue (npm run protocol:tables)',
    );
  process.exit(next !== page || problems.length > 0 ? 1 : 0);
}
writeFileSync(file, next);
console.log(
  `docs/protocol.md: field tables written${problems.length ? `, ${problems.length} fields without rules` : ''}`,
);
