import type { Feature } from '../../lib/feature';
import { versionInfo } from './releases';
import { metaRoutes } from './routes';

export interface MetaFeature extends Feature {
  /** The release this server runs (the root package.json's version): the OpenAPI document names it. */
  readonly version: string;
}

/** What the console shows about the server itself: `GET /api/meta/version` (release notes). */
export function createMetaFeature(): MetaFeature {
  return { name: 'meta', routes: metaRoutes, version: versionInfo().version };
}
