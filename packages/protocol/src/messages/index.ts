/**
 * The typed map from message name to schema (docs/protocol.md "Messages"). The topic's last level
 * names the message; its payload must parse with the schema of that name.
 */
import type { z } from 'zod';
import type { DownMessage, UpMessage } from '../topics';
import { clientsSchema } from './clients';
import { commandSchema, configSchema, diagnosticSchema } from './down';
import { eventsSchema } from './events';
import { helloSchema } from './hello';
import { configResultSchema, progressSchema, replySchema } from './replies';
import { stateSchema } from './state';
import { telemetrySchema } from './telemetry';

export * from './clients';
export * from './common';
export * from './down';
export * from './events';
export * from './hello';
export * from './replies';
export * from './state';
export * from './telemetry';
export * from './tunnel';

/** Schemas of the messages a device publishes under `…/{sn}/up/{message}`. */
export const UP_SCHEMAS = {
  hello: helloSchema,
  state: stateSchema,
  telemetry: telemetrySchema,
  clients: clientsSchema,
  events: eventsSchema,
  reply: replySchema,
  progress: progressSchema,
  configResult: configResultSchema,
} as const satisfies Record<UpMessage, z.ZodType>;

/** Schemas of the messages the cloud publishes under `…/{sn}/down/{message}`. */
export const DOWN_SCHEMAS = {
  config: configSchema,
  command: commandSchema,
  diagnostic: diagnosticSchema,
} as const satisfies Record<DownMessage, z.ZodType>;

export type UpPayloads = { [M in UpMessage]: z.output<(typeof UP_SCHEMAS)[M]> };
export type DownPayloads = { [M in DownMessage]: z.output<(typeof DOWN_SCHEMAS)[M]> };
export type MessageName = UpMessage | DownMessage;
/** The parsed payload of any message. */
export type Payload<M extends MessageName> = M extends UpMessage
  ? UpPayloads[M]
  : M extends DownMessage
    ? DownPayloads[M]
    : never;

type SchemaOf<M extends MessageName> = M extends UpMessage
  ? (typeof UP_SCHEMAS)[M]
  : M extends DownMessage
    ? (typeof DOWN_SCHEMAS)[M]
    : never;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What `encode` takes: the payload as written by the sender; `v` and `ts` are filled in when absent. */
export type Body<M extends MessageName> = DistributiveOmit<z.input<SchemaOf<M>>, 'v' | 'ts'> & {
  v?: 1;
  ts?: number;
};
