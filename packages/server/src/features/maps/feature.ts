/**
 * The floor-plan maps (issue 12 §1): a project's maps (images under DATA_DIR/maps), their scale
 * lines, walls and the positions of placed APs — the data the Wi-Fi map page and the heat map read.
 * No device handlers. It asks the RF feature for the APs' latest neighbour scans (the calibration of
 * the path-loss exponent); the placed devices' names come from a list join.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { RfFeature } from '../rf';
import { MapFiles } from './files';
import { mapRoutes } from './routes';
import { MapService, type PreparedMap } from './service';
import { MapStore } from './store';

export interface MapsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The server's DATA_DIR: images go in its `maps/` folder. */
  dataDir: string;
  /** The APs' latest neighbour scans (the RF feature's). */
  rf: Pick<RfFeature, 'neighbours'>;
}

/** How often, and after how long, image files no map names are removed (a deleted project's maps). */
export const MAP_FILE_SWEEP_INTERVAL_MS = 6 * 3600_000;
export const MAP_FILE_ORPHAN_AGE_MS = 3600_000;

export interface MapsFeature extends Feature {
  /**
   * Creates a prepared map in a project without maps (the live demo's floor plans); whether it did.
   * `prepare` draws it, called only when the project has none.
   */
  ensurePreparedMap(projectId: number, prepare: () => PreparedMap): Promise<boolean>;
  /** Removes the image files of maps that are gone (run at start and every 6 hours); how many. */
  sweepFiles(): Promise<number>;
}

export function createMapsFeature(deps: MapsDeps): MapsFeature {
  const log = deps.logger.child({ component: 'maps' });
  const maps = new MapService(new MapStore(deps.db), new MapFiles(deps.dataDir), deps.clock, log, deps.rf);
  // Compared with the files' modification times, which the file system's clock writes: not `clock`.
  const sweepFiles = () => maps.sweepFiles(Date.now() - MAP_FILE_ORPHAN_AGE_MS);
  const sweep = () => void sweepFiles().catch((err: unknown) => log.warn({ err }, 'map file sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  return {
    name: 'maps',
    routes: (app) => mapRoutes(app, { maps }),
    sweepFiles,
    ensurePreparedMap: (projectId, prepare) => maps.ensurePrepared(projectId, prepare),
    start() {
      sweep();
      timer = setInterval(sweep, MAP_FILE_SWEEP_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
