import { SCAN_PHONE_PATH } from '@netloom/domain';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../navigation/lazyPage';

/**
 * The phone's confirmation page (the QR code's link): signed in (else sign-in and back), outside the
 * console frame so it fits a phone.
 */
export const fullScreenRoutes: RouteObject[] = [
  { path: SCAN_PHONE_PATH, lazy: lazyPage(() => import('./ScanPhonePage')) },
];
