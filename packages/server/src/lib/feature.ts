import type { UpMessage } from '@netloom/protocol';
import type { FastifyInstance } from 'fastify';
import type { ConnectionHandler, DeviceGateway, RefusalHandler, UpHandler } from '../gateway/types';

/**
 * What a feature hands the device plane: a handler per up message it consumes, and optionally
 * connection changes and broker reconnects. The plane runs each message's handlers in the order
 * `app.ts` lists the features (one list, read top to bottom), never in import order.
 */
export type DeviceHandlers = {
  /** One handler, or several run in the order given (each isolated: one failing does not stop the next). */
  readonly [M in UpMessage]?: UpHandler<M> | readonly UpHandler<M>[];
} & {
  readonly connection?: ConnectionHandler;
  /** A device's message was dropped (docs/protocol.md §7.3; rate-limited per device and message name). */
  readonly refused?: RefusalHandler;
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
  /**
   * Hooks that must see every route of the app (the live demo's guard and renaming), installed on
   * the root before any feature's routes are registered. Almost no feature needs this.
   */
  readonly everyRoute?: (app: FastifyInstance) => void;
  /** Starts timers and loads state: once the app is ready (after migrations), in list order. */
  start?(): Promise<void> | void;
  /** Stops timers and flushes queues: when the app closes, in reverse list order, before the plane stops. */
  stop?(): Promise<void> | void;
}

/** The part of the device plane that features' handlers are registered with. */
export type FeatureGateway = Pick<
  DeviceGateway,
  'onMessage' | 'onConnectionChange' | 'onBrokerReconnect' | 'onRefused'
>;

/**
 * Infrastructure whose life cycle brackets the features' (the device plane): `open` before the
 * first feature starts, `accept` after the last; `quiesce` before the last feature stops (reverse
 * order), `close` after the first.
 */
export interface FeatureHost {
  open?(): Promise<void>;
  accept?(): Promise<void>;
  quiesce?(): Promise<void>;
  close?(): Promise<void>;
}

function subscribe<M extends UpMessage>(
  gateway: FeatureGateway,
  m: M,
  h: UpHandler<M> | readonly UpHandler<M>[] | undefined,
): void {
  if (!h) return;
  for (const one of typeof h === 'function' ? [h] : h) gateway.onMessage(m, one);
}

/**
 * Wires features into the app, in list order: their device handlers (each message's handlers run
 * in this order), their app-wide hooks, their routes (each an encapsulated plugin), `start` when the
 * app is ready and `stop` (reverse order) when it closes — inside the host's `open`/`accept` and
 * `quiesce`/`close` when one is given.
 */
export async function mountFeatures(
  app: FastifyInstance,
  gateway: FeatureGateway,
  features: readonly Feature[],
  host: FeatureHost = {},
): Promise<void> {
  for (const f of features) {
    const d = f.device;
    if (!d) continue;
    for (const m of Object.keys(d) as (keyof DeviceHandlers)[]) {
      if (m === 'connection' || m === 'brokerReconnect' || m === 'refused') continue;
      subscribe(gateway, m, d[m] as UpHandler<typeof m> | readonly UpHandler<typeof m>[] | undefined);
    }
    if (d.connection) gateway.onConnectionChange(d.connection);
    if (d.brokerReconnect) gateway.onBrokerReconnect(d.brokerReconnect);
    if (d.refused) gateway.onRefused(d.refused);
  }
  for (const f of features) f.everyRoute?.(app);
  for (const f of features) {
    const routes = f.routes;
    if (routes) await app.register(async (scope) => routes(scope));
  }
  app.addHook('onReady', async () => {
    await host.open?.();
    for (const f of features) await f.start?.();
    await host.accept?.();
  });
  app.addHook('preClose', async () => {
    await host.quiesce?.();
    for (const f of [...features].reverse()) await f.stop?.();
    await host.close?.();
  });
}
