/**
 * Routes of the menu tree (§2) whose feature is not built yet. Each shows the honest
 * `NotAvailable` page with one sentence on what it will do; none of them shows data.
 * Titles match the menu labels; when a feature ships, its page replaces the entry here.
 */

export interface FeaturePage {
  path: string;
  title: string;
  description: string;
}

export const PENDING_FEATURE_PAGES: FeaturePage[] = [];
