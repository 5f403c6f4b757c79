import websocket from '@fastify/websocket';
import { LIVE_BEARER_PREFIX, LIVE_SUBPROTOCOL } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createWebSocketStream } from 'ws';
import { type LiveRoutesOptions, liveRoutes } from '../live/routes';
import { MAX_MQTT_PACKET_BYTES } from './packetLimit';
import type { DevicePlane } from './plane';

export interface DevicePlanePluginOptions {
  plane: DevicePlane;
  /** The caller's membership of a project (the projects feature answers): who may follow its live events. */
  memberAccess: LiveRoutesOptions['memberAccess'];
  /** The ids of the account's projects (the live channel's subscription to all of them: the data screen). */
  projectsOf: (accountId: number) => Promise<number[]>;
  /** Sign-outs on this node (the auth feature's): the live sockets of an ended session close at once. */
  onSessionEnded?: (fn: (sessionId: number) => void) => void;
}

/** Largest WebSocket frame: one MQTT packet per frame, the same limit as on TCP (packetLimit.ts). */
const MAX_FRAME_BYTES = MAX_MQTT_PACKET_BYTES;

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
 * broker) and the browser live channel `/api/live`. The plane's start and stop bracket the features'
 * (`mountFeatures` in app.ts). Not encapsulated: `app.devicePlane` is the handle of tests and
 * `main.ts` (features get the pieces they need as typed dependencies, never from `app`).
 */
export const devicePlanePlugin = fp(async (app: FastifyInstance, opts: DevicePlanePluginOptions) => {
  const { plane } = opts;
  app.decorate('devicePlane', plane);
  // Out of descriptors, libuv accepts and closes what it cannot serve; an accept error it does report
  // (ENOBUFS, ENOMEM…) reaches the server as 'error', which without a listener would end the process.
  app.server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.syscall === 'accept')
      app.log.warn({ code: err.code }, 'HTTP listener could not accept a connection');
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES, handleProtocols: chooseSubprotocol },
  });

  const embedded = plane.embedded;
  if (embedded) {
    app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket, request) => {
      embedded.handle(createWebSocketStream(socket), request.raw);
    });
  }
  await liveRoutes(app, {
    bus: plane.bus,
    memberAccess: opts.memberAccess,
    projectsOf: opts.projectsOf,
    ...(opts.onSessionEnded ? { onSessionEnded: opts.onSessionEnded } : {}),
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The device plane (registry, gateway, dispatcher, bus, writer): see gateway/plane.ts. */
    devicePlane: DevicePlane;
  }
}
