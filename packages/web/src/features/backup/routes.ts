import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** Configuration backup (issue 13 §2): the project's backups, back up now, restore. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.backup, lazy: lazyPage(() => import('./BackupPage')) },
];
