import { SEARCH_RECENT_MAX } from '@netloom/domain';
import { storage } from '../../browser/storage';

// Kept in the console's global store (browser-stored, cleared at logout like the rest of it).
const KEY = 'recentSearches';

/** The searches that opened something, newest first. */
export function recentSearches(): string[] {
  const v = storage.getGlobalStore()[KEY];
  return Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string').slice(0, SEARCH_RECENT_MAX)
    : [];
}

/** Remembers a search that opened a result (the same text moves to the top). */
export function rememberSearch(q: string): void {
  const text = q.trim();
  if (!text) return;
  const next = [text, ...recentSearches().filter((x) => x.toLowerCase() !== text.toLowerCase())];
  storage.setGlobalStoreItem(KEY, next.slice(0, SEARCH_RECENT_MAX));
}

export function clearRecentSearches(): void {
  storage.setGlobalStoreItem(KEY, []);
}
