/**
 * The remote web sessions of this node, in memory: a session is a live tunnel socket to one device
 * and exists only on the node the device's tunnel reached, so it is not a table (nothing of it
 * outlives the process; the change log keeps who opened and ended which). Each session knows the
 * sign-in that opened it, the hashes of its two tokens (the device's tunnel token, the browser's
 * token), its idle and absolute deadlines, the requests waiting for the device's answers, and the
 * page's WebSockets it carries (`streams.ts`).
 */
import {
  ERR,
  REMOTE_IDLE_SECONDS,
  REMOTE_REQUEST_TIMEOUT_MS,
  REMOTE_SESSION_MAX_SECONDS,
} from '@netloom/domain';
import {
  TUNNEL_CLOSE_CODES,
  TUNNEL_MAX_IN_FLIGHT,
  type TunnelClose,
  type TunnelRequest,
  type TunnelResponse,
  type TunnelUp,
} from '@netloom/protocol';
import type { WebSocket } from 'ws';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { SessionStreams } from './streams';

/** Why a session ended (the change log says it in words). */
export type EndReason = TunnelClose['reason'] | 'tunnelClosed' | 'failed';

/** Ended sessions remembered, so their owner is told "expired" (325) rather than "not valid" (496). */
const ENDED_MEMORY = 1000;

export interface RemoteSessionRecord {
  readonly id: string;
  readonly projectId: number;
  readonly deviceId: number;
  readonly sn: string;
  readonly deviceName: string;
  readonly accountId: number;
  /** The sign-in (auth session row) that opened it: another sign-in, even of the same account, is refused. */
  readonly authSessionId: number;
  readonly tunnelTokenHash: string;
  readonly browserTokenHash: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** The device must open its tunnel before this instant. */
  readonly openBefore: number;
  lastUsedAt: number;
  socket: WebSocket | null;
  nextRequestId: number;
  readonly pending: Map<number, { resolve: (r: TunnelResponse) => void; reject: (e: AppError) => void }>;
  /** The browser's WebSockets carried over the tunnel; their ids come from `nextRequestId` too. */
  readonly streams: SessionStreams;
  readonly attached: Promise<void>;
  attach: () => void;
}

export interface NewSession {
  session: RemoteSessionRecord;
  /** The device's one-time tunnel token (only its hash is kept). */
  tunnelToken: string;
  /** The browser's token (only its hash is kept). */
  browserToken: string;
}

export class RemoteSessions {
  private readonly live = new Map<string, RemoteSessionRecord>();
  /** Ended session id → who opened it (auth session). */
  private readonly ended = new Map<string, number>();

  constructor(
    private readonly onEnd: (s: RemoteSessionRecord, reason: EndReason) => void,
    private readonly now: () => number,
  ) {}

  create(input: {
    projectId: number;
    deviceId: number;
    sn: string;
    deviceName: string;
    accountId: number;
    authSessionId: number;
    now: number;
    openTimeoutMs: number;
  }): NewSession {
    const tunnelToken = randomToken(32);
    const browserToken = randomToken(32);
    let attach = () => {};
    const attached = new Promise<void>((resolve) => {
      attach = resolve;
    });
    const streams = new SessionStreams({
      socket: () => session.socket,
      touch: () => {
        session.lastUsedAt = this.now();
      },
    });
    const session: RemoteSessionRecord = {
      ...input,
      streams,
      id: randomToken(16),
      tunnelTokenHash: sha256(tunnelToken),
      browserTokenHash: sha256(browserToken),
      createdAt: input.now,
      expiresAt: input.now + REMOTE_SESSION_MAX_SECONDS * 1000,
      openBefore: input.now + input.openTimeoutMs,
      lastUsedAt: input.now,
      socket: null,
      nextRequestId: 1,
      pending: new Map(),
      attached,
      attach,
    };
    this.live.set(session.id, session);
    return { session, tunnelToken, browserToken };
  }

  get(id: string): RemoteSessionRecord | undefined {
    return this.live.get(id);
  }

  /** The auth session that opened an ended session, if it ended recently. */
  endedOwner(id: string): number | undefined {
    return this.ended.get(id);
  }

  all(): RemoteSessionRecord[] {
    return [...this.live.values()];
  }

  ofAccount(accountId: number): RemoteSessionRecord[] {
    return this.all().filter((s) => s.accountId === accountId);
  }

  ofDevice(deviceId: number): RemoteSessionRecord[] {
    return this.all().filter((s) => s.deviceId === deviceId);
  }

  /** Whether a session has passed its idle time or its absolute end. */
  isStale(s: RemoteSessionRecord, now: number): 'idle' | 'expired' | null {
    if (now >= s.expiresAt) return 'expired';
    if (now - s.lastUsedAt >= REMOTE_IDLE_SECONDS * 1000) return 'idle';
    return null;
  }

  tunnelTokenMatches(s: RemoteSessionRecord, token: string): boolean {
    return safeEqual(sha256(token), s.tunnelTokenHash);
  }

  browserTokenMatches(s: RemoteSessionRecord, token: string): boolean {
    return safeEqual(sha256(token), s.browserTokenHash);
  }

  /** Takes the device's tunnel socket for a session (once). */
  attachSocket(s: RemoteSessionRecord, socket: WebSocket, onResponse: (raw: string) => void): void {
    s.socket = socket;
    socket.on('message', (raw, isBinary) => {
      if (isBinary) {
        socket.close(TUNNEL_CLOSE_CODES.BAD_FRAME, 'text frames only');
        return;
      }
      onResponse(raw.toString());
    });
    socket.on('close', () => {
      if (this.live.get(s.id) === s) this.end(s, 'tunnelClosed');
    });
    socket.on('error', () => socket.terminate());
    s.attach();
  }

  /** Hands a device's frame to the request or the stream waiting for it (an unknown id is ignored). */
  settle(s: RemoteSessionRecord, frame: TunnelUp): void {
    if (frame.type !== 'response') {
      s.streams.fromDevice(frame);
      return;
    }
    const response = frame;
    const waiter = s.pending.get(response.id);
    if (!waiter) return;
    s.pending.delete(response.id);
    waiter.resolve(response);
  }

  /** Sends one request down the tunnel and waits for its answer (497 on timeout, too many, or no tunnel). */
  forward(s: RemoteSessionRecord, request: Omit<TunnelRequest, 'type' | 'id'>): Promise<TunnelResponse> {
    const socket = s.socket;
    if (!socket || socket.readyState !== socket.OPEN)
      return Promise.reject(new AppError(ERR.REMOTE_MGMT_TUNNEL_FAILED, 502));
    if (s.pending.size >= TUNNEL_MAX_IN_FLIGHT)
      return Promise.reject(new AppError(ERR.REMOTE_MGMT_PAGE_FAILED, 503));
    const id = s.nextRequestId++;
    return new Promise<TunnelResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        s.pending.delete(id);
        reject(new AppError(ERR.REMOTE_MGMT_PAGE_FAILED, 504));
      }, REMOTE_REQUEST_TIMEOUT_MS);
      s.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      const frame: TunnelRequest = { type: 'request', id, ...request };
      socket.send(JSON.stringify(frame));
    });
  }

  /** Ends a session: waiting requests fail, the device is told why, the socket closes. */
  end(s: RemoteSessionRecord, reason: EndReason): void {
    if (this.live.get(s.id) !== s) return;
    this.live.delete(s.id);
    this.ended.set(s.id, s.authSessionId);
    if (this.ended.size > ENDED_MEMORY) this.ended.delete(this.ended.keys().next().value as string);
    for (const w of s.pending.values()) w.reject(new AppError(ERR.REMOTE_MGMT_SESSION_EXPIRED, 410));
    s.pending.clear();
    s.streams.closeAll(reason);
    const socket = s.socket;
    if (socket && socket.readyState === socket.OPEN) {
      if (reason !== 'tunnelClosed' && reason !== 'failed') {
        const frame: TunnelClose = { type: 'close', reason };
        socket.send(JSON.stringify(frame));
      }
      socket.close(TUNNEL_CLOSE_CODES.ENDED, reason);
    }
    this.onEnd(s, reason);
  }
}
