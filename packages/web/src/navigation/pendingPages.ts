/**
 * Routes of the menu tree (§2) whose feature is not built yet. Each shows the honest
 * `NotAvailable` page with one sentence on what it will do; none of them shows data.
 * Titles match the menu labels; when a feature ships, its page replaces the entry here.
 */
import { MENU_PAGES } from './paths';

export interface FeaturePage {
  path: string;
  title: string;
  description: string;
}

export const PENDING_FEATURE_PAGES: FeaturePage[] = [
  {
    path: MENU_PAGES.sharing,
    title: 'Share & permissions',
    description: 'Share the project with other accounts, read-only or manageable, or transfer it.',
  },
];
