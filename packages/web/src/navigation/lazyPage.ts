import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

type PageModule = { default: ComponentType };

/**
 * A route's `lazy` for a page module (its default export): every screen is its own chunk, so the
 * sign-in route stays light (issue 2 budget: ≤ 300 KB gzipped JS + CSS).
 */
export function lazyPage(load: () => Promise<PageModule>): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: (await load()).default });
}
