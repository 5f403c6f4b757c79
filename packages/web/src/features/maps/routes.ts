import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';
import { MENU_PAGES } from '../../navigation/paths';

/** The Wi-Fi map (issue 12 §1–§2), its own chunk: Konva and pdf.js load only here. */
export const consoleRoutes: RouteObject[] = [
  { path: MENU_PAGES.wifiMap, lazy: lazyPage(() => import('./MapsPage')) },
];
