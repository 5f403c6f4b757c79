import { useSyncExternalStore } from 'react';

/**
 * The three screen sizes the console lays itself out for. The stylesheets have media queries at the
 * same widths (CSS cannot import these constants): keep them in step.
 * - phone: the menu is a drawer behind the header's menu button; the header keeps only icons.
 * - tablet: the sider shows icons until the person expands it; the header is compact.
 * - desktop: the frame as designed at 1440 px, the sider as the person last left it.
 */
export type ScreenSize = 'phone' | 'tablet' | 'desktop';

/** Narrower than this (CSS px) is a phone: antd's `md` breakpoint. */
export const TABLET_MIN_WIDTH = 768;
/** Narrower than this is a tablet or a small laptop window: a 248 px sider would crowd the page. */
export const DESKTOP_MIN_WIDTH = 1100;

/** The screen size of a viewport width (CSS px). */
export function screenSizeFor(width: number): ScreenSize {
  if (width < TABLET_MIN_WIDTH) return 'phone';
  if (width < DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The screen size now, following the window as it is resized or the phone turned. */
export function useScreenSize(): ScreenSize {
  return useSyncExternalStore(
    subscribe,
    () => screenSizeFor(window.innerWidth),
    () => 'desktop',
  );
}
