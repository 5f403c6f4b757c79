import {
  LIVE_BEARER_PREFIX,
  LIVE_CLOSE_CODES,
  LIVE_PATH,
  LIVE_PING_MS,
  LIVE_PONG_TIMEOUT_MS,
  LIVE_SUBPROTOCOL,
  type LiveClientMessage,
  type LiveEvent,
  type LiveServerMessage,
  liveServerMessageSchema,
} from '@netloom/domain';
import { storage } from '../../browser/storage';

/**
 * The browser live channel (`LIVE_PATH`): ONE WebSocket per tab shared by every page. Pages do not
 * open sockets; they call `subscribeProject` / `useLiveEvents` / `useLiveQueryInvalidation`. The
 * channel knows no feature: features register what their events make stale (`invalidation.ts`).
 *
 * - The server keeps one subscription per socket, so the tab follows the most recent project that
 *   still has a subscriber (in practice: the current project).
 * - The socket opens when the first subscriber arrives and closes shortly after the last leaves.
 * - Drops reconnect with exponential back-off (1 s → 30 s, jittered) and resubscribe; a ping every
 *   `LIVE_PING_MS` detects dead sockets that never report a close.
 * - `LIVE_CLOSE_CODES.SESSION_ENDED` tells the app the session may be over (`onSessionInDoubt`); the
 *   app asks the API, whose sign-out flow runs once, so the user sees the same message whether a
 *   request or the socket noticed first.
 */

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'offline';

// The reconnection policy is the browser's own (the server only sets the ping and close codes).
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
const IDLE_CLOSE_MS = 5_000;
/** The browser's own close code for a socket that stopped answering pings (4000–4999: private use). */
const PONG_TIMEOUT_CLOSE = 4000;
const NORMAL_CLOSE = 1000;

type Handler = (e: LiveEvent) => void;
type ResyncHandler = (projectId: number) => void;
type DoubtHandler = () => void;
type RefusalHandler = (projectId: number, code: number) => void;

const projectRefs = new Map<number, number>(); // projectId → subscriber count, in insertion order
const handlers = new Set<Handler>();
const resyncHandlers = new Set<ResyncHandler>();
const statusListeners = new Set<() => void>();
const doubtHandlers = new Set<DoubtHandler>();
const refusalHandlers = new Set<RefusalHandler>();

let socket: WebSocket | null = null;
let status: LiveStatus = 'idle';
let subscribedTo: number | null = null;
/** True once a subscription was confirmed on an earlier socket: the next confirm means "resync". */
let hadSubscription = false;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
/** A back-off timer is running: new subscribers wait for it instead of reconnecting at once. */
let reconnectPending = false;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let pongTimer: ReturnType<typeof setTimeout> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let stopped = false;
/** Paused while the person is away (idle detection): no socket until `resumeLive`. */
let paused = false;

function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function wantedProject(): number | null {
  let last: number | null = null;
  for (const [id, n] of projectRefs) if (n > 0) last = id;
  return last;
}

function send(m: LiveClientMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(m));
}

function syncSubscription(): void {
  const want = wantedProject();
  if (want === subscribedTo) return;
  if (socket?.readyState !== WebSocket.OPEN) return; // sent on open
  subscribedTo = want;
  send(want === null ? { op: 'unsubscribe' } : { op: 'subscribe', projectId: want });
}

function clearTimers(): void {
  clearInterval(pingTimer);
  clearTimeout(pongTimer);
  pingTimer = undefined;
  pongTimer = undefined;
}

function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${LIVE_PATH}`;
}

/**
 * Web access authenticates the socket with its httpOnly cookie; openapi/app access has only a
 * bearer token, which a browser can pass on a WebSocket only as a subprotocol (see LIVE_SUBPROTOCOL).
 */
export function liveProtocols(): string[] {
  const token = storage.getAccessType() === 'web' ? null : storage.getToken();
  return token ? [LIVE_SUBPROTOCOL, `${LIVE_BEARER_PREFIX}${token}`] : [LIVE_SUBPROTOCOL];
}

function connect(): void {
  if (socket || stopped || paused || typeof WebSocket === 'undefined') return;
  clearTimeout(reconnectTimer);
  reconnectPending = false;
  setStatus('connecting');
  const ws = new WebSocket(liveUrl(), liveProtocols());
  socket = ws;
  let opened = false;

  ws.onopen = () => {
    opened = true;
    attempt = 0;
    subscribedTo = null;
    syncSubscription();
    pingTimer = setInterval(() => {
      send({ op: 'ping' });
      clearTimeout(pongTimer);
      // No pong in time: the connection is dead without having said so; start over.
      pongTimer = setTimeout(() => ws.close(PONG_TIMEOUT_CLOSE, 'pong timeout'), LIVE_PONG_TIMEOUT_MS);
    }, LIVE_PING_MS);
  };

  ws.onmessage = (msg) => {
    let parsed: LiveServerMessage;
    try {
      const r = liveServerMessageSchema.safeParse(JSON.parse(String(msg.data)));
      if (!r.success) return;
      parsed = r.data;
    } catch {
      return;
    }
    switch (parsed.op) {
      case 'pong':
        clearTimeout(pongTimer);
        return;
      case 'subscribed':
        setStatus('live');
        // Events may have been missed while the socket was down: let consumers refetch.
        if (hadSubscription) for (const h of resyncHandlers) h(parsed.projectId);
        hadSubscription = true;
        return;
      case 'error':
        if (parsed.projectId !== undefined && parsed.projectId === subscribedTo) {
          subscribedTo = null;
          // The server refused the project (a share that ended while the socket was down, say):
          // whoever owns the current project decides what that means (the sharing watcher).
          for (const h of refusalHandlers) h(parsed.projectId, parsed.code);
        }
        return;
      case 'event':
        for (const h of [...handlers]) h(parsed.event);
        return;
    }
  };

  ws.onclose = (ev) => {
    // A socket closed by a pause, after a resume opened the next one: nothing of it is current.
    if (socket !== null && socket !== ws) return;
    if (socket === ws) socket = null;
    clearTimers();
    subscribedTo = null;
    if (paused) {
      setStatus('idle');
      return;
    }
    if (wantedProject() === null) {
      setStatus('idle');
      return;
    }
    setStatus('offline');
    // A refused upgrade (expired cookie) looks like a bare 1006; every third failure asks the API.
    const suspectSession = ev.code === LIVE_CLOSE_CODES.SESSION_ENDED || (!opened && attempt % 3 === 2);
    if (suspectSession) for (const h of doubtHandlers) h();
    scheduleReconnect();
  };
}

function scheduleReconnect(): void {
  clearTimeout(reconnectTimer);
  reconnectPending = true;
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  attempt++;
  const delay = base / 2 + Math.random() * (base / 2);
  reconnectTimer = setTimeout(connect, delay);
}

function ensureConnected(): void {
  clearTimeout(idleTimer);
  if (socket) syncSubscription();
  else if (!reconnectPending) connect();
}

function releaseIfIdle(): void {
  clearTimeout(idleTimer);
  if (wantedProject() !== null) {
    syncSubscription();
    return;
  }
  idleTimer = setTimeout(() => {
    if (wantedProject() !== null) return;
    clearTimeout(reconnectTimer);
    reconnectPending = false;
    socket?.close(NORMAL_CLOSE, 'idle');
    socket = null;
    subscribedTo = null;
    hadSubscription = false;
    setStatus('idle');
  }, IDLE_CLOSE_MS);
}

if (typeof window !== 'undefined') {
  // Coming back to the tab or the network: do not wait for the back-off timer.
  const wake = () => {
    if (!socket && wantedProject() !== null) {
      attempt = 0;
      connect();
    }
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') wake();
  });
}

/** Subscribes this tab to a project's events; returns the release function. */
export function subscribeProject(projectId: number): () => void {
  // Re-inserting moves the project to the end: the latest subscriber wins the socket.
  const n = projectRefs.get(projectId) ?? 0;
  projectRefs.delete(projectId);
  projectRefs.set(projectId, n + 1);
  stopped = false;
  ensureConnected();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (projectRefs.get(projectId) ?? 1) - 1;
    if (left <= 0) projectRefs.delete(projectId);
    else projectRefs.set(projectId, left);
    releaseIfIdle();
  };
}

/** Listens to every event of the socket (any project); `useLiveEvents` filters by project. */
export function addLiveHandler(h: Handler): () => void {
  handlers.add(h);
  return () => handlers.delete(h);
}

/** Called with the project id when a subscription is confirmed again after a drop. */
export function addResyncHandler(h: ResyncHandler): () => void {
  resyncHandlers.add(h);
  return () => resyncHandlers.delete(h);
}

/** Closes the socket for good (sign-out); the next `subscribeProject` starts again. */
export function stopLive(): void {
  stopped = true;
  projectRefs.clear();
  clearTimeout(reconnectTimer);
  reconnectPending = false;
  clearTimeout(idleTimer);
  socket?.close(NORMAL_CLOSE, 'signed out');
  socket = null;
  subscribedTo = null;
  hadSubscription = false;
  setStatus('idle');
}

/**
 * Called when the socket suggests the session ended (its close code, or repeated refused
 * upgrades): the app asks the API, so a dead session runs the client's one sign-out flow.
 */
export function onSessionInDoubt(h: DoubtHandler): () => void {
  doubtHandlers.add(h);
  return () => doubtHandlers.delete(h);
}

/**
 * Called when the server refuses the subscribed project (`error` with its id: 73 not a member, 74 its
 * share expired). The event that said why may have been sent while the socket was down.
 */
export function onProjectRefused(h: RefusalHandler): () => void {
  refusalHandlers.add(h);
  return () => refusalHandlers.delete(h);
}

/**
 * Pauses the channel while the person is away (idle detection, issue 15 §3): the socket closes and
 * does not reconnect; subscriptions are kept. `resumeLive` reconnects, and the resubscription's
 * confirmation lets consumers refetch what they missed (the resync handlers).
 */
export function pauseLive(): void {
  paused = true;
  clearTimeout(reconnectTimer);
  reconnectPending = false;
  const s = socket;
  socket = null;
  subscribedTo = null;
  clearTimers();
  s?.close(NORMAL_CLOSE, 'paused');
  setStatus('idle');
}

export function resumeLive(): void {
  if (!paused) return;
  paused = false;
  attempt = 0;
  if (wantedProject() !== null) connect();
}

export function getLiveStatus(): LiveStatus {
  return status;
}

/** Follows status changes (for `useSyncExternalStore`). */
export function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
