import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { PAGES } from '../../navigation/paths';

/** Scheme generation (account menu): the list, the generator, one solution. */
export const consoleRoutes: RouteObject[] = [
  { path: PAGES.solutions, lazy: lazyPage(() => import('./SolutionsPage')) },
  { path: PAGES.newSolution, lazy: lazyPage(() => import('./NewSolutionPage')) },
  { path: PAGES.solution, lazy: lazyPage(() => import('./SolutionPage')) },
];
