/**
 * Supported cloud-version models (issue 15 §2) — `GET /api/models` (domain
 * `supportedModelsEndpoints`): the catalogue with each model's latest firmware. Any signed-in
 * account; no tables of its own (it asks the firmware feature for uploads), no device handlers.
 */
import { supportedModelsEndpoints as E } from '@netloom/domain';
import type { Feature } from '../../lib/feature';
import { route } from '../../lib/route';
import type { FirmwareReleases } from '../firmware';
import { SupportedModelsService } from './service';

export interface SupportedModelsDeps {
  firmware: FirmwareReleases;
}

export function createSupportedModelsFeature(deps: SupportedModelsDeps): Feature {
  const models = new SupportedModelsService(deps.firmware);
  return {
    name: 'supportedModels',
    routes: async (app) => {
      route(app, E.list, async (request) => models.list(request.query));
    },
  };
}
