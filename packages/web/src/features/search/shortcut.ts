import { useEffect } from 'react';

/** Whether the key press happened while typing in a field (where `/` is a character, not a shortcut). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Mac keyboards name the modifier ⌘; others Ctrl. */
export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform);
export const SHORTCUT_LABEL = isMac ? '⌘K' : 'Ctrl K';

/** Opens the search on Ctrl-K (⌘K on a Mac) anywhere, and on `/` when not typing in a field. */
export function useSearchShortcut(open: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Either modifier: a Mac user on a PC keyboard (and the reverse) still gets the search.
      const mod = e.metaKey || e.ctrlKey;
      const k = e.key.toLowerCase() === 'k' && mod && !e.altKey && !e.shiftKey;
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target);
      if (!k && !slash) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}
