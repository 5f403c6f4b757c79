import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ConnectionHandler, UpContext } from '../src/gateway/types';
import { type Feature, type FeatureGateway, mountFeatures } from '../src/lib/feature';

/** A gateway that records handlers in registration order and replays a message through them. */
function recordingGateway() {
  const handlers = new Map<string, ((ctx: UpContext, data: unknown) => unknown)[]>();
  const connections: ConnectionHandler[] = [];
  const gateway: FeatureGateway = {
    onMessage: (m, h) => {
      handlers.set(m, [...(handlers.get(m) ?? []), h as (ctx: UpContext, data: unknown) => unknown]);
    },
    onConnectionChange: (h) => connections.push(h),
    onBrokerReconnect: () => {},
    onRefused: () => {},
  };
  const deliver = async (m: string) => {
    const ctx: UpContext = { sn: 'SN0000000000000001', device: undefined, at: 0 };
    for (const h of handlers.get(m) ?? []) {
      try {
        await h(ctx, {});
      } catch {
        // The dispatcher isolates handlers the same way.
      }
    }
  };
  return { gateway, deliver, connections };
}

describe('mountFeatures: one list decides every order', () => {
  it('runs a message through the features in list order, several handlers of one feature in theirs', async () => {
    const seen: string[] = [];
    const { gateway, deliver, connections } = recordingGateway();
    const features: Feature[] = [
      {
        name: 'a',
        device: {
          hello: [
            () => {
              seen.push('a1');
              throw new Error('isolated');
            },
            () => {
              seen.push('a2');
            },
          ],
          connection: () => seen.push('a-conn'),
        },
      },
      { name: 'b', device: { hello: () => void seen.push('b'), state: () => void seen.push('b-state') } },
      { name: 'c' },
    ];
    await mountFeatures(Fastify(), gateway, features);
    await deliver('hello');
    expect(seen).toEqual(['a1', 'a2', 'b']);
    expect(connections).toHaveLength(1);
  });

  it('installs app-wide hooks before any feature registers a route', async () => {
    const app = Fastify();
    const hooked: string[] = [];
    const { gateway } = recordingGateway();
    await mountFeatures(app, gateway, [
      {
        name: 'early',
        routes: async (scope) => {
          scope.get('/early', async () => 'early');
        },
      },
      {
        name: 'guard',
        everyRoute: (root) => {
          root.addHook('onRoute', (r) => {
            hooked.push(r.url);
          });
        },
      },
    ]);
    await app.ready();
    expect(hooked).toContain('/early');
    await app.close();
  });

  it('starts features between the host opening and accepting devices, and stops them in reverse before it closes', async () => {
    const app = Fastify();
    const log: string[] = [];
    const { gateway } = recordingGateway();
    const feature = (name: string): Feature => ({
      name,
      start: () => void log.push(`start ${name}`),
      stop: () => void log.push(`stop ${name}`),
    });
    await mountFeatures(app, gateway, [feature('x'), feature('y')], {
      open: async () => void log.push('open'),
      accept: async () => void log.push('accept'),
      quiesce: async () => void log.push('quiesce'),
      close: async () => void log.push('close'),
    });
    await app.ready();
    expect(log).toEqual(['open', 'start x', 'start y', 'accept']);
    log.length = 0;
    await app.close();
    expect(log).toEqual(['quiesce', 'stop y', 'stop x', 'close']);
  });
});
