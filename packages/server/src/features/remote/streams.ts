/**
 * The WebSockets one remote session carries (docs/protocol.md §7.4 "WebSockets through the tunnel"):
 * each browser socket is a stream of the device's tunnel, named by the id of its `wsOpen` (taken
 * from the session's request counter). The upgrade waits for the device's `wsAccept` / `wsReject`
 * (`open`); once the browser's socket is up (`attach`) messages pass both ways as `wsMessage`
 * frames, bounded in size (1009) and in what may wait for a slow reader (4008). The session's end
 * closes every stream (4000 and the end as the reason).
 */
import { ERR, REMOTE_REQUEST_TIMEOUT_MS } from '@netloom/domain';
import {
  TUNNEL_MAX_SOCKETS,
  TUNNEL_SOCKET_CLOSE_CODES,
  TUNNEL_WS_BUFFER_MAX_BYTES,
  TUNNEL_WS_MESSAGE_MAX_BYTES,
  type TunnelDown,
  type TunnelWsAccept,
  type TunnelWsClose,
  type TunnelWsMessage,
  type TunnelWsOpen,
  type TunnelWsReject,
} from '@netloom/protocol';
import type { RawData, WebSocket } from 'ws';
import { AppError } from '../../lib/errors';

interface Stream {
  /** The upgrade waiting for the device's answer (null once answered). */
  opening: { offered: string[]; settle: (answer: TunnelWsAccept | TunnelWsReject | AppError) => void } | null;
  /** The browser's socket, once upgraded. */
  browser: WebSocket | null;
  /** What the device sent between its `wsAccept` and the browser's socket being up. */
  early: TunnelWsMessage[];
  earlyBytes: number;
}

export interface StreamTunnel {
  /** The device's tunnel socket (null before it is attached). */
  socket: () => WebSocket | null;
  /** Marks the session used (its idle time starts again). */
  touch: () => void;
}

export class SessionStreams {
  private readonly streams = new Map<number, Stream>();

  constructor(private readonly tunnel: StreamTunnel) {}

  /** Streams opening or open (the cap is TUNNEL_MAX_SOCKETS). */
  get size(): number {
    return this.streams.size;
  }

  get full(): boolean {
    return this.streams.size >= TUNNEL_MAX_SOCKETS;
  }

  /**
   * Asks the device to open a socket: the subprotocol it chose (undefined: none), or an AppError —
   * 534 with the device's status when it refuses, 497 (504) when it does not answer, 324 (502)
   * without a tunnel, 532 (429) when the session already carries its most.
   */
  open(frame: TunnelWsOpen): Promise<string | undefined> {
    const socket = this.tunnel.socket();
    if (!socket || socket.readyState !== socket.OPEN)
      return Promise.reject(new AppError(ERR.REMOTE_MGMT_TUNNEL_FAILED, 502));
    if (this.full) return Promise.reject(new AppError(ERR.REMOTE_MGMT_SOCKETS_TOO_MANY, 429));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stream.opening?.settle(new AppError(ERR.REMOTE_MGMT_PAGE_FAILED, 504));
        // It may still answer: it is told the socket is gone, and its answer is ignored.
        this.send({ type: 'wsClose', id: frame.id, code: 1001, reason: 'no answer' });
      }, REMOTE_REQUEST_TIMEOUT_MS);
      const stream: Stream = {
        browser: null,
        early: [],
        earlyBytes: 0,
        opening: {
          offered: frame.protocols,
          settle: (answer) => {
            clearTimeout(timer);
            stream.opening = null;
            if (answer instanceof AppError) {
              this.streams.delete(frame.id);
              reject(answer);
            } else if (answer.type === 'wsReject') {
              this.streams.delete(frame.id);
              reject(new AppError(ERR.REMOTE_MGMT_SOCKET_REFUSED, answer.status));
            } else resolve(answer.protocol);
          },
        },
      };
      this.streams.set(frame.id, stream);
      this.tunnel.touch();
      this.send(frame);
    });
  }

  /** The browser's socket is up: what the device already sent goes first, then both ways. */
  attach(id: number, browser: WebSocket): boolean {
    const stream = this.streams.get(id);
    if (!stream || stream.opening || stream.browser) return false;
    stream.browser = browser;
    browser.on('message', (data, isBinary) => this.fromBrowser(id, bytesOf(data), isBinary));
    browser.on('close', (code, reason) => {
      if (this.streams.get(id) !== stream) return;
      this.streams.delete(id);
      // 1005 (no status) and 1006 (gone without a close) are not codes one may send.
      const sent = code === 1005 || code === 1006 || code === 1015 ? 1000 : code;
      this.send({ type: 'wsClose', id, code: sent, reason: reason.toString('utf8').slice(0, 123) });
    });
    for (const m of stream.early.splice(0)) this.toBrowser(id, stream, m);
    stream.earlyBytes = 0;
    return true;
  }

  /** The upgrade never completed (the browser went away first): the device is told. */
  abandon(id: number): void {
    const stream = this.streams.get(id);
    if (!stream || stream.browser) return;
    this.streams.delete(id);
    stream.opening?.settle(new AppError(ERR.REMOTE_MGMT_PAGE_FAILED, 504));
    this.send({ type: 'wsClose', id, code: 1001, reason: 'browser gone' });
  }

  /** A stream frame from the device; one of an unknown id is ignored. */
  fromDevice(frame: TunnelWsAccept | TunnelWsReject | TunnelWsMessage | TunnelWsClose): void {
    const stream = this.streams.get(frame.id);
    if (!stream) return;
    switch (frame.type) {
      case 'wsAccept':
      case 'wsReject': {
        const opening = stream.opening;
        if (!opening) return;
        if (frame.type === 'wsAccept' && frame.protocol && !opening.offered.includes(frame.protocol)) {
          opening.settle({ type: 'wsReject', id: frame.id, status: 502 });
          this.send({ type: 'wsClose', id: frame.id, code: 1002, reason: 'protocol not offered' });
          return;
        }
        opening.settle(frame);
        return;
      }
      case 'wsMessage':
        this.tunnel.touch();
        this.toBrowser(frame.id, stream, frame);
        return;
      case 'wsClose':
        this.streams.delete(frame.id);
        stream.opening?.settle(new AppError(ERR.REMOTE_MGMT_SOCKET_REFUSED, 502));
        closeBrowser(stream, frame.code, frame.reason);
    }
  }

  /** The session ended: every stream closes with 4000 and why (the device learns it from the tunnel). */
  closeAll(reason: string): void {
    for (const stream of this.streams.values()) {
      stream.opening?.settle(new AppError(ERR.REMOTE_MGMT_SESSION_EXPIRED, 410));
      closeBrowser(stream, TUNNEL_SOCKET_CLOSE_CODES.SESSION_ENDED, reason);
    }
    this.streams.clear();
  }

  private fromBrowser(id: number, data: Buffer, binary: boolean): void {
    const stream = this.streams.get(id);
    if (!stream) return;
    if (data.length > TUNNEL_WS_MESSAGE_MAX_BYTES) {
      this.drop(id, TUNNEL_SOCKET_CLOSE_CODES.TOO_BIG);
      return;
    }
    const tunnel = this.tunnel.socket();
    if (!tunnel || tunnel.readyState !== tunnel.OPEN) return;
    // The device (or the way to it) does not keep up: the stream goes rather than the memory.
    if (tunnel.bufferedAmount > TUNNEL_WS_BUFFER_MAX_BYTES) {
      this.drop(id, TUNNEL_SOCKET_CLOSE_CODES.TOO_SLOW);
      return;
    }
    this.tunnel.touch();
    this.send({
      type: 'wsMessage',
      id,
      binary,
      data: binary ? data.toString('base64') : data.toString('utf8'),
    });
  }

  private toBrowser(id: number, stream: Stream, m: TunnelWsMessage): void {
    const payload = m.binary ? Buffer.from(m.data, 'base64') : m.data;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size > TUNNEL_WS_MESSAGE_MAX_BYTES) {
      this.drop(id, TUNNEL_SOCKET_CLOSE_CODES.TOO_BIG);
      return;
    }
    const browser = stream.browser;
    if (!browser) {
      stream.early.push(m);
      stream.earlyBytes += size;
      if (stream.earlyBytes > TUNNEL_WS_BUFFER_MAX_BYTES) this.drop(id, TUNNEL_SOCKET_CLOSE_CODES.TOO_SLOW);
      return;
    }
    if (browser.bufferedAmount > TUNNEL_WS_BUFFER_MAX_BYTES) {
      this.drop(id, TUNNEL_SOCKET_CLOSE_CODES.TOO_SLOW);
      return;
    }
    if (browser.readyState === browser.OPEN) browser.send(payload, { binary: m.binary });
  }

  /** Ends one stream on both sides with a code of the cloud's. */
  private drop(id: number, code: number): void {
    const stream = this.streams.get(id);
    if (!stream) return;
    this.streams.delete(id);
    const reason = code === TUNNEL_SOCKET_CLOSE_CODES.TOO_BIG ? 'message too big' : 'reader too slow';
    this.send({ type: 'wsClose', id, code, reason });
    closeBrowser(stream, code, reason);
  }

  private send(frame: TunnelDown): void {
    const socket = this.tunnel.socket();
    if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  }
}

/** Closes the browser's socket with a code it may receive (others become 1000). */
function closeBrowser(stream: Stream, code: number, reason: string): void {
  const browser = stream.browser;
  if (!browser || browser.readyState !== browser.OPEN) return;
  const valid =
    (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
  browser.close(valid ? code : 1000, Buffer.byteLength(reason) <= 123 ? reason : '');
}

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
