import {
  TUNNEL_SOCKET_CLOSE_CODES,
  TUNNEL_WS_MESSAGE_MAX_BYTES,
  type TunnelUp,
  tunnelUpSchema,
} from '@netloom/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SimClock } from '../clock';
import { Scheduler } from '../scheduler';
import { DEVICE_SOCKET_PROTOCOL, TunnelSockets } from './remoteSockets';
import type { Unit } from './unit';

// The device's `/ws` over the tunnel (docs/protocol.md §7.4 "WebSockets through the tunnel"): every
// frame it sends parses with the protocol's schema.
describe("the simulated device's WebSocket", () => {
  const scheduler = new Scheduler();
  afterEach(() => scheduler.stop());

  function sockets() {
    const sent: TunnelUp[] = [];
    // Only what TunnelSockets reads of a unit: its serial number, the fleet's clock and timer.
    const unit = {
      sn: 'NL0123456789ABCDEF',
      fleet: { clock: new SimClock(60), scheduler },
    } as unknown as Unit;
    const s = new TunnelSockets(
      unit,
      (frame) => {
        expect(tunnelUpSchema.safeParse(frame).success).toBe(true);
        sent.push(frame);
      },
      () => ({ systemName: 'Lobby', led: true, uptimeSeconds: 42 }),
    );
    return { s, sent };
  }

  it('refuses any path but /ws with 404', () => {
    const { s, sent } = sockets();
    s.open({ type: 'wsOpen', id: 4, path: '/other', headers: [], protocols: [] });
    expect(sent).toEqual([{ type: 'wsReject', id: 4, status: 404 }]);
  });

  it('accepts /ws (with its subprotocol when offered), pushes its status at once, echoes both kinds', () => {
    const { s, sent } = sockets();
    s.open({
      type: 'wsOpen',
      id: 5,
      path: '/ws?x=1',
      headers: [],
      protocols: ['other', DEVICE_SOCKET_PROTOCOL],
    });
    expect(sent[0]).toEqual({ type: 'wsAccept', id: 5, protocol: DEVICE_SOCKET_PROTOCOL });
    const status = sent[1];
    expect(status?.type === 'wsMessage' && JSON.parse(status.data)).toEqual({
      type: 'status',
      sn: 'NL0123456789ABCDEF',
      systemName: 'Lobby',
      led: true,
      uptimeSeconds: 42,
      seq: 1,
    });
    s.message({ type: 'wsMessage', id: 5, binary: false, data: 'hi' });
    s.message({ type: 'wsMessage', id: 5, binary: true, data: 'AAEC' });
    expect(sent.slice(2)).toEqual([
      { type: 'wsMessage', id: 5, binary: false, data: 'hi' },
      { type: 'wsMessage', id: 5, binary: true, data: 'AAEC' },
    ]);
  });

  it('closes a stream on a message over the cap, and ignores streams it does not know', () => {
    const { s, sent } = sockets();
    s.open({ type: 'wsOpen', id: 6, path: '/ws', headers: [], protocols: [] });
    expect(sent[0]).toEqual({ type: 'wsAccept', id: 6 });
    s.message({ type: 'wsMessage', id: 6, binary: false, data: 'x'.repeat(TUNNEL_WS_MESSAGE_MAX_BYTES + 1) });
    expect(sent.at(-1)).toEqual({
      type: 'wsClose',
      id: 6,
      code: TUNNEL_SOCKET_CLOSE_CODES.TOO_BIG,
      reason: 'too big',
    });
    const count = sent.length;
    s.message({ type: 'wsMessage', id: 6, binary: false, data: 'after' });
    s.close({ type: 'wsClose', id: 99, code: 1000, reason: '' });
    expect(sent).toHaveLength(count);
  });
});
