import type { LiveEvent } from '@netloom/domain';

type Listener = (e: LiveEvent) => void;

/**
 * In-process fan-out of live events per project — and, for the events addressed to an account
 * (`account.projects`), per account. In external-broker mode the gateway bridges it across nodes
 * (see `live/bridge.ts`): `publish` sends to the other nodes too, and events from other nodes arrive
 * through `deliver`. A listener that throws is isolated from the others.
 */
export class LiveBus {
  private readonly byProject = new Map<number, Set<Listener>>();
  private readonly byAccount = new Map<number, Set<Listener>>();
  private forward: ((e: LiveEvent) => void) | null = null;

  /** Delivers an event to local subscribers and, when bridged, to the other nodes. */
  publish(e: LiveEvent): void {
    this.deliver(e);
    this.forward?.(e);
  }

  /** Local delivery only (events arriving from other nodes). */
  deliver(e: LiveEvent): void {
    const set =
      e.type === 'account.projects' ? this.byAccount.get(e.accountId) : this.byProject.get(e.projectId);
    if (!set) return;
    for (const fn of [...set]) {
      try {
        fn(e);
      } catch {
        // A broken subscriber (e.g. a closing socket) must not stop the others.
      }
    }
  }

  subscribe(projectId: number, fn: Listener): () => void {
    return listen(this.byProject, projectId, fn);
  }

  /** The events addressed to one account (`account.projects`), whatever project they name. */
  subscribeAccount(accountId: number, fn: Listener): () => void {
    return listen(this.byAccount, accountId, fn);
  }

  /** Sets where published events go besides local subscribers (the cross-node bridge). */
  setForward(fn: ((e: LiveEvent) => void) | null): void {
    this.forward = fn;
  }

  subscriberCount(): number {
    let n = 0;
    for (const s of this.byProject.values()) n += s.size;
    return n;
  }
}

function listen(map: Map<number, Set<Listener>>, key: number, fn: Listener): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(fn);
  return () => {
    const s = map.get(key);
    if (!s) return;
    s.delete(fn);
    if (s.size === 0) map.delete(key);
  };
}
