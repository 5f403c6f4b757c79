import {
  LIVE_BEARER_PREFIX,
  LIVE_SUBPROTOCOL,
  type LiveClientMessage,
  type LiveEvent,
  type LiveEventType,
  type LiveServerMessage,
  liveServerMessageSchema,
} from '@netloom/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { storage } from '../app/storage';
import { api } from './client';
import { queryKeys } from './queryKeys';

/**
 * The browser live channel (`/api/live`): ONE WebSocket per tab shared by every page. Pages do not
 * open sockets; they call `subscribeProject` / `useLiveEvents` / `useLiveQueryInvalidation`.
 *
 * - The server keeps one subscription per socket, so the tab follows the most recent project that
 *   still has a subscriber (in practice: the current project).
 * - The socket opens when the first subscriber arrives and closes shortly after the last leaves.
 * - Drops reconnect with exponential back-off (1 s → 30 s, jittered) and resubscribe; a ping every
 *   25 s detects dead sockets that never report a close.
 * - 4401 (session ended) runs the API client's sign-out flow by probing the session through it, so
 *   the user sees the same message whether a request or the socket noticed first.
 */

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'offline';

const PING_MS = 25_000;
const PONG_TIMEOUT_MS = 10_000;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
const IDLE_CLOSE_MS = 5_000;
const SESSION_ENDED = 4401;

type Handler = (e: LiveEvent) => void;
type ResyncHandler = (projectId: number) => void;

const projectRefs = new Map<number, number>(); // projectId → subscriber count, in insertion order
const handlers = new Set<Handler>();
const resyncHandlers = new Set<ResyncHandler>();
const statusListeners = new Set<() => void>();

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
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/live`;
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
  if (socket || stopped || typeof WebSocket === 'undefined') return;
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
      pongTimer = setTimeout(() => ws.close(4000, 'pong timeout'), PONG_TIMEOUT_MS);
    }, PING_MS);
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
        if (parsed.projectId !== undefined && parsed.projectId === subscribedTo) subscribedTo = null;
        return;
      case 'event':
        for (const h of [...handlers]) h(parsed.event);
        return;
    }
  };

  ws.onclose = (ev) => {
    if (socket === ws) socket = null;
    clearTimers();
    subscribedTo = null;
    if (wantedProject() === null) {
      setStatus('idle');
      return;
    }
    setStatus('offline');
    // A refused upgrade (expired cookie) looks like a bare 1006; every third failure asks the API.
    const suspectSession = ev.code === SESSION_ENDED || (!opened && attempt % 3 === 2);
    if (suspectSession) void probeSession();
    scheduleReconnect();
  };
}

/** Goes through the API client so a dead session (401/70) runs its single sign-out flow. */
async function probeSession(): Promise<void> {
  try {
    await api.get('/api/auth/session');
  } catch {
    // The client already started the sign-out flow if the session is gone; other errors: retry later.
  }
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
    socket?.close(1000, 'idle');
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
  socket?.close(1000, 'signed out');
  socket = null;
  subscribedTo = null;
  hadSubscription = false;
  setStatus('idle');
}

export function getLiveStatus(): LiveStatus {
  return status;
}

/** The socket state for an unobtrusive "live" indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    getLiveStatus,
    getLiveStatus,
  );
}

/**
 * Calls `handler` for each event of `projectId` (optionally only `types`). The handler may change
 * every render; the subscription does not. `null` project: nothing.
 */
export function useLiveEvents(
  projectId: number | null,
  handler: (e: LiveEvent) => void,
  types?: LiveEventType[],
): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const typesKey = types ? [...types].sort().join(',') : '';
  useEffect(() => {
    if (projectId === null) return;
    const wanted = typesKey ? new Set(typesKey.split(',')) : null;
    const offHandler = addLiveHandler((e) => {
      if (e.projectId !== projectId) return;
      if (wanted && !wanted.has(e.type)) return;
      handlerRef.current(e);
    });
    const release = subscribeProject(projectId);
    return () => {
      offHandler();
      release();
    };
  }, [projectId, typesKey]);
}

/** The query-key prefixes an event makes stale. */
export function keysForEvent(e: LiveEvent): QueryKey[] {
  const p = e.projectId;
  switch (e.type) {
    case 'device.status':
    case 'device.updated':
      return [queryKeys.devices(p), queryKeys.status(p), queryKeys.overview(p), queryKeys.projectsOverview];
    case 'clients.changed':
      return [queryKeys.clients(p)];
    case 'telemetry.tick':
      return [
        queryKeys.status(p),
        queryKeys.overview(p),
        queryKeys.deviceData(p),
        queryKeys.clientData(p),
        queryKeys.deviceTelemetry(p),
      ];
    case 'device.pending':
      return [queryKeys.pendingDevices(p)];
    case 'command.updated':
      return [queryKeys.device(p, e.deviceId)];
    case 'config.status':
      return [queryKeys.config(p), queryKeys.devices(p)];
    case 'alarms.changed':
      // The alarm list, the bell, a device's recent events and the unread KPIs.
      return [queryKeys.alarms(p), queryKeys.overview(p), queryKeys.projectsOverview];
    case 'rf.progress':
      // The RF page (['rf', p, …]) and the radio/rf settings views (saving is refused while running).
      return [['rf', p], queryKeys.config(p)];
  }
}

/** Every project-scoped family, refetched after a reconnect (events may have been missed). */
function allProjectKeys(p: number): QueryKey[] {
  return [
    queryKeys.devices(p),
    queryKeys.pendingDevices(p),
    queryKeys.status(p),
    queryKeys.overview(p),
    queryKeys.deviceData(p),
    queryKeys.clientData(p),
    queryKeys.clients(p),
    queryKeys.config(p),
    queryKeys.alarms(p),
  ];
}

/** Active `useLiveQueryInvalidation` instances per project, in mount order. */
const invalidators = new Map<number, Set<symbol>>();
function leads(projectId: number, token: symbol): boolean {
  return invalidators.get(projectId)?.values().next().value === token;
}

/** Events arrive in bursts (a fleet reporting at once): invalidations are coalesced. */
const COALESCE_MS = 800;

/**
 * Keeps the project's cached queries fresh from live events: each event invalidates the key
 * families it touches (only mounted queries refetch). Mount once per page that shows live data —
 * several mounts are harmless (invalidations are coalesced per hook).
 */
export function useLiveQueryInvalidation(projectId: number | null): void {
  const queryClient = useQueryClient();
  const pending = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const token = useRef<symbol>(Symbol('invalidator'));

  // The console layout mounts one for the current project and pages may mount their own: only the
  // first mounted instance per project acts, so an event never refetches the same query twice.
  useEffect(() => {
    if (projectId === null) return;
    const set = invalidators.get(projectId) ?? new Set<symbol>();
    set.add(token.current);
    invalidators.set(projectId, set);
    return () => {
      set.delete(token.current);
      if (set.size === 0) invalidators.delete(projectId);
    };
  }, [projectId]);

  useLiveEvents(projectId, (e) => {
    if (!leads(e.projectId, token.current)) return;
    for (const k of keysForEvent(e)) pending.current.set(JSON.stringify(k), k);
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const keys = [...pending.current.values()];
      pending.current.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    }, COALESCE_MS);
  });

  useEffect(() => {
    if (projectId === null) return;
    const off = addResyncHandler((p) => {
      if (p !== projectId || !leads(p, token.current)) return;
      for (const queryKey of allProjectKeys(p)) void queryClient.invalidateQueries({ queryKey });
    });
    return () => {
      off();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [projectId, queryClient]);
}
