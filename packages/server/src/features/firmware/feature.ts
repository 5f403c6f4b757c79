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

/** Files nobody names are swept once they are this old (an upload under way is younger). */
const SWEEP_AGE_MS = 3_600_000;

/** What other features ask of firmware. */
export interface FirmwareReleases {
  /**
   * The newest firmware file uploaded for each model, in any project, keyed by the lower-cased
   * model id: its version and upload time (the supported-models page's "latest firmware").
   */
  newestPerModel(): Promise<Map<string, { version: string; uploadedAt: number }>>;
}

export interface FirmwareFeature extends Feature, FirmwareReleases {}

export function createFirmwareFeature(deps: FirmwareFeatureDeps): FirmwareFeature {
  const files = new FirmwareFiles(deps.dataDir);
  const store = new FirmwareStore(deps.db);
  const service = new FirmwareService({ ...deps, store, files });
  return {
    name: 'firmware',
    routes: (app) => firmwareRoutes(app, { service, files }),
    // At start: the files of projects deleted since (their rows cascaded) and cut-off uploads.
    start: async () => {
      await files.sweep(await store.allKeys(), deps.clock.now() - SWEEP_AGE_MS);
    },
    newestPerModel: () => store.newestPerModel(),
  };
}
