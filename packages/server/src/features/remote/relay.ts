/**
 * Remote sessions across console nodes (several nodes on one external broker): a session lives on
 * the node that opened it (its device's tunnel reaches that node through REMOTE_TUNNEL_URL), while
 * the entry may send the user's `/remote/<session>/…` requests to any node. A node that does not
 * hold the session asks the others over the broker (`PeerChannel`, channel `remote/ask`); the node
 * that holds it (or remembers it ended) acknowledges at once, runs the request through its own
 * routes (`inject`: every check of `proxy.ts` — sign-in, browser token, idle — happens there, on the
 * cookies the browser sent) and sends the answer back (`remote/answer/<asking node>`). No node
 * acknowledging within RELAY_ACK_MS means no node has it: the asking node answers it as unknown.
 * Closing a session and signing out reach every node the same way (`remote/end`).
 */
import { randomBytes } from 'node:crypto';
import { REMOTE_REQUEST_TIMEOUT_MS, remoteSessionPath } from '@netloom/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PeerChannel } from '../../gateway/types';

/** How long the asking node waits for the holder's acknowledgement (the broker's round trip). */
const RELAY_ACK_MS = 2000;
/** How long it waits for the answer after that: the device's own time, and some for the way back. */
const RELAY_ANSWER_MS = REMOTE_REQUEST_TIMEOUT_MS + 5000;
/** The header a relayed request carries into the holder's routes: this node's secret and the protocol. */
export const RELAY_HEADER = 'x-netloom-remote-relay';

const ASK = 'remote/ask';
const END = 'remote/end';
const answerChannel = (nodeId: string) => `remote/answer/${nodeId}`;

interface Ask {
  from: string;
  corr: string;
  sessionId: string;
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  body: string;
  protocol: string;
}

type Answer =
  | { corr: string; type: 'ack' }
  | {
      corr: string;
      type: 'response';
      status: number;
      headers: Record<string, string | string[]>;
      body: string;
    };

/** A session end asked on one node for all: closed by its user, or the sign-in that opened it ended. */
export type PeerEnd =
  | { kind: 'closed'; sessionId: string; accountId: number; projectId: number }
  | { kind: 'signedOut'; authSessionId: number };

export interface RelayedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** The relay of one node: what it answers for the others, and what it asks of them. */
export class RemoteRelay {
  /** Proves a request came from this node's own relay (the protocol it carries is then believed). */
  private readonly secret = randomBytes(16).toString('base64url');
  private readonly waiting = new Map<
    string,
    { acked: () => void; answered: (a: Extract<Answer, { type: 'response' }>) => void }
  >();

  constructor(
    private readonly peers: PeerChannel,
    private readonly holds: (sessionId: string) => boolean,
    private readonly onEnd: (end: PeerEnd) => void,
  ) {}

  /** Starts answering the other nodes: `app` runs relayed requests through this node's routes. */
  listen(app: FastifyInstance): void {
    this.peers.subscribe(ASK, (payload) => void this.answer(app, payload));
    this.peers.subscribe(answerChannel(this.peers.nodeId), (payload) => this.received(payload));
    this.peers.subscribe(END, (payload) => {
      const end = parse<PeerEnd & { from: string }>(payload);
      if (end && end.from !== this.peers.nodeId) this.onEnd(end);
    });
  }

  /** Tells the other nodes to end sessions (they hold theirs; this node has ended its own). */
  end(end: PeerEnd): void {
    this.peers.publish(END, JSON.stringify({ ...end, from: this.peers.nodeId }));
  }

  /** The protocol a relayed request came in with, when it is one of this node's relay (else null). */
  relayedProtocol(request: FastifyRequest): string | null {
    const header = request.headers[RELAY_HEADER];
    if (typeof header !== 'string') return null;
    const [secret, protocol] = header.split(' ');
    return secret === this.secret && protocol ? protocol : null;
  }

  /**
   * Asks the other nodes to serve a request of a session this node does not hold: the holder's
   * answer, or null when no node holds it (or it did not answer in time: `timedOut`).
   */
  async ask(sessionId: string, request: FastifyRequest): Promise<RelayedAnswer | null | 'timedOut'> {
    const corr = randomBytes(12).toString('base64url');
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = value;
    const ask: Ask = {
      from: this.peers.nodeId,
      corr,
      sessionId,
      method: request.method,
      url: request.url,
      headers,
      body: body.toString('base64'),
      protocol: request.protocol,
    };
    return new Promise((resolve) => {
      let timer = setTimeout(() => settle(null), RELAY_ACK_MS);
      const settle = (value: RelayedAnswer | null | 'timedOut') => {
        clearTimeout(timer);
        this.waiting.delete(corr);
        resolve(value);
      };
      this.waiting.set(corr, {
        acked: () => {
          clearTimeout(timer);
          timer = setTimeout(() => settle('timedOut'), RELAY_ANSWER_MS);
        },
        answered: (a) =>
          settle({ status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') }),
      });
      this.peers.publish(ASK, JSON.stringify(ask));
    });
  }

  private received(payload: Buffer): void {
    const a = parse<Answer>(payload);
    const w = a ? this.waiting.get(a.corr) : undefined;
    if (!a || !w) return;
    if (a.type === 'ack') w.acked();
    else w.answered(a);
  }

  /** Serves another node's request when this node holds the session (or remembers its end). */
  private async answer(app: FastifyInstance, payload: Buffer): Promise<void> {
    const ask = parse<Ask>(payload);
    if (!ask || ask.from === this.peers.nodeId || !this.holds(ask.sessionId)) return;
    // Only the session's own pages: a relay never reaches the console's other routes.
    if (!ask.url.startsWith(remoteSessionPath(ask.sessionId))) return;
    const reply = (a: Answer) => this.peers.publish(answerChannel(ask.from), JSON.stringify(a));
    reply({ corr: ask.corr, type: 'ack' });
    const headers: Record<string, string | string[]> = {
      ...ask.headers,
      [RELAY_HEADER]: `${this.secret} ${ask.protocol === 'https' ? 'https' : 'http'}`,
    };
    delete headers['content-length'];
    try {
      const res = await app.inject({
        method: ask.method as 'GET',
        url: ask.url,
        headers,
        payload: Buffer.from(ask.body, 'base64'),
      });
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || ['content-length', 'transfer-encoding', 'connection'].includes(name))
          continue;
        out[name] = Array.isArray(value) ? value.map(String) : String(value);
      }
      reply({
        corr: ask.corr,
        type: 'response',
        status: res.statusCode,
        headers: out,
        body: res.rawPayload.toString('base64'),
      });
    } catch {
      // The asking node answers 504 when nothing comes back.
    }
  }
}

function parse<T>(payload: Buffer): T | null {
  try {
    return JSON.parse(payload.toString('utf8')) as T;
  } catch {
    return null;
  }
}
