import type { LiveEvent, LiveEventOf, LiveEventType } from '@netloom/domain';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { addResyncHandler } from './channel';
import { useLiveEvents } from './hooks';

/**
 * What one feature's cache makes of the live channel: for each event type it cares about, the
 * query-key families the event makes stale, and the families to refetch after a reconnect. Each
 * feature declares its own (next to its query keys); the app registers them all at start, so this
 * module — like the channel — knows no feature.
 */
export interface LiveInvalidations {
  events?: { readonly [T in LiveEventType]?: (e: LiveEventOf<T>) => readonly QueryKey[] };
  /** Families refetched after a reconnect (events may have been missed while the socket was down). */
  resync?: (projectId: number) => readonly QueryKey[];
}

const registered: LiveInvalidations[] = [];

/** Adds features' invalidations (the app calls this once, listing every feature). */
export function registerLiveInvalidations(list: readonly LiveInvalidations[]): void {
  for (const spec of list) if (!registered.includes(spec)) registered.push(spec);
}

/** The query-key prefixes an event makes stale, across `specs` (default: every registered feature). */
export function keysForEvent(e: LiveEvent, specs: readonly LiveInvalidations[] = registered): QueryKey[] {
  return specs.flatMap((spec) => {
    const keysOf = spec.events?.[e.type] as ((e: LiveEvent) => readonly QueryKey[]) | undefined;
    return keysOf ? [...keysOf(e)] : [];
  });
}

/** Every family refetched after a reconnect, across `specs`. */
export function resyncKeys(projectId: number, specs: readonly LiveInvalidations[] = registered): QueryKey[] {
  return specs.flatMap((spec) => (spec.resync ? [...spec.resync(projectId)] : []));
}

/** Active `useLiveQueryInvalidation` instances per project, in mount order. */
const invalidators = new Map<number, Set<symbol>>();
function leads(projectId: number, token: symbol): boolean {
  return invalidators.get(projectId)?.values().next().value === token;
}

/** Events arrive in bursts (a fleet reporting at once): invalidations are coalesced. */
const COALESCE_MS = 800;

/**
 * Reports that move figures continually — a device's client counts, signal and ports (`device.updated`
 * follows every state report that differs), telemetry, client lists — refresh what shows them at most
 * every few seconds: with a project's devices reporting all the time, an open page otherwise
 * refetched and redrew its list about once a second for nothing a person reads at that pace (a
 * console left open then keeps a core of a small machine busy). A status change, a command's or a
 * delivery's progress, an alarm, stay prompt, and bring the pending ambient refresh with them.
 */
const AMBIENT_MS = 4_000;
const AMBIENT: ReadonlySet<LiveEventType> = new Set(['device.updated', 'telemetry.tick', 'clients.changed']);

/** How long an event may wait before the queries it makes stale are refetched. */
function coalesceDelay(type: LiveEventType): number {
  return AMBIENT.has(type) ? AMBIENT_MS : COALESCE_MS;
}

/**
 * The key families live events made stale, flushed together once the earliest-due event's delay
 * (`coalesceDelay`) is up: a prompt event brings the pending ambient ones with it.
 */
export class InvalidationBatch {
  private readonly pending = new Map<string, QueryKey>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the scheduled flush runs (epoch ms). */
  private due = Number.POSITIVE_INFINITY;

  constructor(private readonly flush: (keys: QueryKey[]) => void) {}

  add(type: LiveEventType, keys: readonly QueryKey[]): void {
    if (keys.length === 0) return;
    for (const k of keys) this.pending.set(JSON.stringify(k), k);
    const at = Date.now() + coalesceDelay(type);
    if (at >= this.due) return;
    clearTimeout(this.timer);
    this.due = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.due = Number.POSITIVE_INFINITY;
      const keys = [...this.pending.values()];
      this.pending.clear();
      this.flush(keys);
    }, at - Date.now());
  }

  /** Drops what is pending (the page left the project). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due = Number.POSITIVE_INFINITY;
    this.pending.clear();
  }
}

/**
 * Keeps the project's cached queries fresh from live events: each event invalidates the key
 * families the features registered for it (only mounted queries refetch). Mount once per page
 * that shows live data — several mounts are harmless (invalidations are coalesced per hook).
 */
export function useLiveQueryInvalidation(projectId: number | null): void {
  const queryClient = useQueryClient();
  const clientRef = useRef(queryClient);
  clientRef.current = queryClient;
  const batch = useRef<InvalidationBatch | null>(null);
  batch.current ??= new InvalidationBatch((keys) => {
    for (const queryKey of keys) void clientRef.current.invalidateQueries({ queryKey });
  });
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
    // The hook's own project decides who leads: an account's event names a project it may not follow.
    if (projectId === null || !leads(projectId, token.current)) return;
    batch.current?.add(e.type, keysForEvent(e));
  });

  useEffect(() => {
    if (projectId === null) return;
    const off = addResyncHandler((p) => {
      if (p !== projectId || !leads(p, token.current)) return;
      for (const queryKey of resyncKeys(p)) void queryClient.invalidateQueries({ queryKey });
    });
    return () => {
      off();
      batch.current?.cancel();
    };
  }, [projectId, queryClient]);
}
