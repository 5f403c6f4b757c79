import type { UpMessage } from '@netloom/protocol';
import type { FastifyInstance } from 'fastify';
import type { ConnectionHandler, DeviceGateway, UpHandler } from '../gateway/types';

/**
 * What a feature hands the device plane: a handler per up message it consumes, and optionally
 * connection changes and broker reconnects. The plane runs each message's handlers in the order
 * `app.ts` lists the features (one list, read top to bottom), never in import order.
 */
export type DeviceHandlers = { readonly [M in UpMessage]?: UpHandler<M> } & {
  readonly connection?: ConnectionHandler;
  /** The server's connection to an external broker came back (retained messages may be gone). */
  readonly brokerReconnect?: () => void;
};

/**
 * One feature of the server, as `app.ts` wires it. A feature is built by its own `createX(deps)`
 * with typed dependencies — the infrastructure it needs and the public interfaces (`index.ts`) of
 * the features it asks — and keeps its services to itself. Constructors only assign; `start`/`stop`
 * do the I/O (timers, loading state).
 */
export interface Feature {
  readonly name: string;
  /**
   * The feature's routes as one encapsulated Fastify plugin (registered without a prefix: every
   * route's full path comes from its domain endpoint).
   */
  readonly routes?: (app: FastifyInstance) => Promise<void>;
  /** Its device-message handlers (see {@link DeviceHandlers}). */
  readonly device?: DeviceHandlers;
  /** Starts timers and loads state: once the app is ready (after migrations), in list order. */
  start?(): Promise<void> | void;
  /** Stops timers and flushes queues: when the app closes, in reverse list order, before the plane stops. */
  stop?(): Promise<void> | void;
}

/** The part of the device plane that features' handlers are registered with. */
export type FeatureGateway = Pick<DeviceGateway, 'onMessage' | 'onConnectionChange' | 'onBrokerReconnect'>;

function subscribe<M extends UpMessage>(gateway: FeatureGateway, m: M, h: UpHandler<M> | undefined): void {
  if (h) gateway.onMessage(m, h);
}

/**
 * Wires features into the app, in list order: their device handlers (each message's handlers run
 * in this order), their routes (each an encapsulated plugin), `start` when the app is ready and
 * `stop` (reverse order) when it closes.
 */
export async function mountFeatures(
  app: FastifyInstance,
  gateway: FeatureGateway,
  features: readonly Feature[],
): Promise<void> {
  for (const f of features) {
    const d = f.device;
    if (!d) continue;
    for (const m of Object.keys(d) as (keyof DeviceHandlers)[]) {
      if (m === 'connection' || m === 'brokerReconnect') continue;
      subscribe(gateway, m, d[m] as UpHandler<typeof m> | undefined);
    }
    if (d.connection) gateway.onConnectionChange(d.connection);
    if (d.brokerReconnect) gateway.onBrokerReconnect(d.brokerReconnect);
  }
  for (const f of features) {
    const routes = f.routes;
    if (routes) await app.register(async (scope) => routes(scope));
  }
  app.addHook('onReady', async () => {
    for (const f of features) await f.start?.();
  });
  app.addHook('preClose', async () => {
    for (const f of [...features].reverse()) await f.stop?.();
  });
}
