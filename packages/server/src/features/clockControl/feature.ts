/**
 * `POST /api/internal/clock` (only with CLOCK_CONTROL, never in production, only from loopback): moves
 * the server's clock forward by `advanceMs`, so a browser test sees an expiry pass (a share's, §4)
 * without waiting for it. Not part of the public API.
 */

import type { MovableClock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { fromLoopback } from '../../lib/loopback';

// not a rule: the longest jump one call may make (a typo's catch; a test needs hours, not years).
const MAX_ADVANCE_MS = 366 * 24 * 3_600_000;

export interface ClockControlDeps {
  clock: MovableClock;
}

export function createClockControlFeature(deps: ClockControlDeps): Feature {
  return {
    name: 'clockControl',
    async routes(app) {
      app.post('/api/internal/clock', { schema: { hide: true } }, async (request, reply) => {
        if (!fromLoopback(request)) return reply.code(404).send();
        const ms = (request.body as { advanceMs?: unknown } | undefined)?.advanceMs;
        if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 1 || ms > MAX_ADVANCE_MS)
          return reply.code(400).send({ message: `advanceMs: an integer from 1 to ${MAX_ADVANCE_MS}` });
        deps.clock.advance(ms);
        return { now: deps.clock.now() };
      });
    },
  };
}
