/** Facts about the browser the console runs in. */

/** §2: on Windows user agents a bolder font weight (700) is applied. */
export const isWindows = typeof navigator !== 'undefined' && /Windows/i.test(navigator.userAgent);

/** The person asked their system for less motion: menus, popovers and drawers then appear at once. */
export const prefersReducedMotion =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Features the console relies on. Missing ones mean the browser is too old (§8) and the login
 * screen says so instead of failing in odd ways later.
 */
export function missingBrowserFeatures(): string[] {
  const missing: string[] = [];
  if (typeof window.fetch !== 'function') missing.push('fetch');
  if (typeof Intl === 'undefined' || typeof Intl.DateTimeFormat !== 'function') missing.push('Intl');
  if (typeof structuredClone !== 'function') missing.push('structuredClone');
  if (typeof TextEncoder !== 'function') missing.push('TextEncoder');
  if (typeof CSS === 'undefined' || !CSS.supports('display', 'grid')) missing.push('CSS grid');
  return missing;
}
