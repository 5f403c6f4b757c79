/**
 * The firmware feature (issue 13 §1): a project's firmware files (the catalogue per model) and the
 * upgrades of its devices, over the commands feature's jobs. It owns `firmware_files` and the files
 * under DATA_DIR/firmware; no device handlers (the jobs' progress and replies are the commands
 * feature's).
 */
import type { Db } from '../../db';
import type { Feature } from '../../lib/feature';
import { FirmwareFiles } from './files';
import { firmwareRoutes } from './routes';
import { type FirmwareDeps, FirmwareService } from './service';
import { FirmwareStore } from './store';

export type FirmwareFeatureDeps = Omit<FirmwareDeps, 'store' | 'files'> & { db: Db; dataDir: string };

export function createFirmwareFeature(deps: FirmwareFeatureDeps): Feature {
  const files = new FirmwareFiles(deps.dataDir);
  const service = new FirmwareService({ ...deps, store: new FirmwareStore(deps.db), files });
  return { name: 'firmware', routes: (app) => firmwareRoutes(app, { service, files }) };
}
