/** Scan-to-login's public face: the sign-in screen's "App scan" tab (its page is in `routes.ts`). */
export { ScanLoginPanel } from './ScanLoginPanel';
