import websocket from '@fastify/websocket';
import { LIVE_BEARER_PREFIX, LIVE_SUBPROTOCOL, type ProjectRight } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWebSocketStream } from 'ws';
import { commandRoutes } from '../features/commands/routes';
import { liveRoutes } from '../live/routes';
import type { DevicePlane } from './plane';

export interface DevicePlanePluginOptions {
  plane: DevicePlane;
  rightOf: (projectId: number, accountId: number) => Promise<ProjectRight | undefined>;
}

/** Largest WebSocket frame: one MQTT packet per frame, and the largest message is 256 KiB. */
const MAX_FRAME_BYTES = 1024 * 1024;

/**
 * The subprotocol a WebSocket answers with: the live channel's own, else the first offered that is
 * not a bearer token (`mqtt` for devices), so a token is never echoed back in a response header.
 */
export function chooseSubprotocol(offered: Set<string>): string | false {
  if (offered.has(LIVE_SUBPROTOCOL)) return LIVE_SUBPROTOCOL;
  for (const p of offered) if (!p.startsWith(LIVE_BEARER_PREFIX)) return p;
  return false;
}

/**
 * Wires the device plane into the app: WebSocket support, MQTT over WebSocket at `/mqtt` (embedded
 * broker), the browser live channel `/api/live`, the command job route, and the plane's start/stop
 * with the app's life cycle (start on ready — after migrations — and stop before the DB closes).
 * Not encapsulated: `app.devicePlane` is visible to every feature and test.
 */
export const devicePlanePlugin = fp(async (app: FastifyInstance, opts: DevicePlanePluginOptions) => {
  const { plane } = opts;
  app.decorate('devicePlane', plane);
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES, handleProtocols: chooseSubprotocol },
  });

  const embedded = plane.embedded;
  if (embedded) {
    app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket, request) => {
      embedded.handle(createWebSocketStream(socket), request.raw);
    });
  }
  await liveRoutes(app, { bus: plane.bus, rightOf: opts.rightOf });
  await app.register(commandRoutes, { commands: plane.commands });

  app.addHook('onReady', async () => plane.start());
  app.addHook('preClose', async () => plane.stop());
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The device plane (registry, gateway, bus, writer, commands): see gateway/plane.ts. */
    devicePlane: DevicePlane;
  }
}
