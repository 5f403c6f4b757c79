/**
 * The JSON Schema (draft 2020-12) of every message of docs/protocol.md, and of each command's
 * arguments and result — the machine-readable artefacts a firmware author validates payloads with.
 * They are made from the same zod schemas the cloud checks messages with (`z.toJSONSchema`), at the
 * moment they are asked for, so they cannot drift from the code; the server serves them under
 * `PROTOCOL_SCHEMAS_PATH` (docs/protocol.md "JSON Schemas").
 *
 * What JSON Schema cannot say is left to the page and the cloud: a refinement (an IPv4 address's
 * numeric range, `code` required when `ok` is false) becomes an unconstrained schema or is dropped,
 * so a payload these schemas accept may still be refused for such a rule — never the reverse.
 */
import { z } from 'zod';
import { argsSchemaOf } from './commandTable';
import { COMMAND_NAMES, COMMAND_RESULTS, DOWN_SCHEMAS, UP_SCHEMAS } from './messages';
import { PROTOCOL_VERSION } from './topics';

/** Where the server serves the schemas: `<path>/index.json`, `<path>/<name>.json`. */
export const PROTOCOL_SCHEMAS_PATH = `/protocol/v${PROTOCOL_VERSION}/schemas`;

export interface SchemaEntry {
  /** File name under `PROTOCOL_SCHEMAS_PATH`, without `.json`: `hello`, `command.upgrade.args`. */
  name: string;
  /** What it validates, in words. */
  describes: string;
}

/** The schemas' zod sources by file name: the messages, then each command's args and result. */
function sources(): Map<string, { schema: z.ZodType; describes: string }> {
  const out = new Map<string, { schema: z.ZodType; describes: string }>();
  for (const [m, schema] of Object.entries(UP_SCHEMAS))
    out.set(m, { schema, describes: `payload of up/${m} (a device publishes it)` });
  for (const [m, schema] of Object.entries(DOWN_SCHEMAS))
    out.set(m, { schema, describes: `payload of down/${m} (the cloud publishes it)` });
  for (const name of COMMAND_NAMES) {
    out.set(`command.${name}.args`, {
      schema: argsSchemaOf(name),
      describes: `\`args\` of the \`${name}\` command`,
    });
    const result = COMMAND_RESULTS[name];
    if (result)
      out.set(`command.${name}.result`, {
        schema: result,
        describes: `\`result\` of a successful \`${name}\` reply`,
      });
  }
  return out;
}

/** Every schema's file name and what it validates. */
export function protocolSchemaIndex(): SchemaEntry[] {
  return [...sources()].map(([name, s]) => ({ name, describes: s.describes }));
}

/**
 * The JSON Schema of one file name, or null for a name the protocol does not define. The schema
 * describes what the receiver accepts (`io: 'input'`: a MAC in either case, optional fields
 * optional), and says so in its `title` and `description`.
 */
export function protocolJsonSchema(name: string): Record<string, unknown> | null {
  const source = sources().get(name);
  if (!source) return null;
  // zod's option `unrepresentable: 'any'` (not a TypeScript any): a refinement JSON Schema cannot
  // express becomes an unconstrained schema, not an error (see the module comment).
  const json = z.toJSONSchema(source.schema, { unrepresentable: 'any', io: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    ...json,
    $id: `${PROTOCOL_SCHEMAS_PATH}/${name}.json`,
    title: `Netloom protocol v${PROTOCOL_VERSION}: ${name}`,
    description: `The ${source.describes}; docs/protocol.md is normative.`,
  };
}
