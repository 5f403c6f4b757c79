import { metaEndpoints as E } from '@netloom/domain';
import type { Feature } from '../../lib/feature';
import { route } from '../../lib/route';
import { versionInfo } from './releases';

export interface MetaFeature extends Feature {
  /** The release this server runs (the root package.json's version): the OpenAPI document names it. */
  readonly version: string;
}

/** What the console shows about the server itself: `GET /api/meta/version` (release notes). */
export function createMetaFeature(): MetaFeature {
  return {
    name: 'meta',
    async routes(app) {
      route(app, E.version, async () => versionInfo());
    },
    version: versionInfo().version,
  };
}
