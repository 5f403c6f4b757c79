/**
 * The WebSockets of the device's own web server, carried by the remote management tunnel as streams
 * (docs/protocol.md §7.4 "WebSockets through the tunnel"): `/ws` echoes every message as it came
 * (text as text, bytes as bytes) and pushes a status line (JSON text) at once and then every few
 * seconds of device time; any other path is refused with 404. The subprotocol `echo` is accepted
 * when offered. Streams live as long as their tunnel.
 */
import {
  TUNNEL_SOCKET_CLOSE_CODES,
  TUNNEL_WS_MESSAGE_MAX_BYTES,
  type TunnelUp,
  type TunnelWsClose,
  type TunnelWsMessage,
  type TunnelWsOpen,
} from '@netloom/protocol';
import type { Task } from '../scheduler';
import type { Unit } from './unit';

/** How often `/ws` pushes its status line, in device time. */
export const STATUS_PUSH_SIM_MS = 5_000;
/** The path of the device's socket. */
export const DEVICE_SOCKET_PATH = '/ws';
/** The one subprotocol the device's socket speaks by name (none is fine too). */
export const DEVICE_SOCKET_PROTOCOL = 'echo';
/** Never faster than this in real time, whatever the time factor (a status line is for people). */
const MIN_PUSH_REAL_MS = 250;

/** The status line `/ws` pushes: what the device's page shows, live. */
export interface DeviceStatusLine {
  type: 'status';
  sn: string;
  systemName: string;
  uptimeSeconds: number;
  led: boolean;
  /** Count of pushes on this socket, from 1. */
  seq: number;
}

/** The streams of one tunnel. */
export class TunnelSockets {
  private readonly pushes = new Map<number, Task>();

  constructor(
    private readonly d: Unit,
    private readonly send: (frame: TunnelUp) => void,
    private readonly status: () => Omit<DeviceStatusLine, 'type' | 'seq' | 'sn'>,
  ) {}

  open(frame: TunnelWsOpen): void {
    const path = frame.path.split('?')[0] ?? '/';
    if (path !== DEVICE_SOCKET_PATH || this.pushes.has(frame.id)) {
      this.send({ type: 'wsReject', id: frame.id, status: 404 });
      return;
    }
    this.send({
      type: 'wsAccept',
      id: frame.id,
      ...(frame.protocols.includes(DEVICE_SOCKET_PROTOCOL) ? { protocol: DEVICE_SOCKET_PROTOCOL } : {}),
    });
    this.push(frame.id, 1);
  }

  message(frame: TunnelWsMessage): void {
    if (!this.pushes.has(frame.id)) return;
    const size = frame.binary ? Buffer.from(frame.data, 'base64').length : Buffer.byteLength(frame.data);
    if (size > TUNNEL_WS_MESSAGE_MAX_BYTES) {
      this.forget(frame.id);
      this.send({
        type: 'wsClose',
        id: frame.id,
        code: TUNNEL_SOCKET_CLOSE_CODES.TOO_BIG,
        reason: 'too big',
      });
      return;
    }
    this.send({ type: 'wsMessage', id: frame.id, binary: frame.binary, data: frame.data });
  }

  /** The other side closed a stream (nothing is sent back). */
  close(frame: TunnelWsClose): void {
    this.forget(frame.id);
  }

  /** The tunnel closed: every stream with it. */
  closeAll(): void {
    for (const task of this.pushes.values()) this.d.fleet.scheduler.cancel(task);
    this.pushes.clear();
  }

  private forget(id: number): void {
    this.d.fleet.scheduler.cancel(this.pushes.get(id));
    this.pushes.delete(id);
  }

  private push(id: number, seq: number): void {
    const line: DeviceStatusLine = { type: 'status', sn: this.d.sn, ...this.status(), seq };
    this.send({ type: 'wsMessage', id, binary: false, data: JSON.stringify(line) });
    const every = Math.max(MIN_PUSH_REAL_MS, this.d.fleet.clock.toReal(STATUS_PUSH_SIM_MS));
    this.pushes.set(
      id,
      this.d.fleet.scheduler.after(every, () => this.push(id, seq + 1)),
    );
  }
}
