/**
 * The floor-plan maps (issue 12 §1): a project's maps (images under DATA_DIR/maps), their scale
 * lines, walls and the positions of placed APs — the data the Wi-Fi map page and the heat map read.
 * No device handlers; it asks no other feature (the placed devices' names come from a list join).
 */
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { MapFiles } from './files';
import { mapRoutes } from './routes';
import { MapService } from './service';
import { MapStore } from './store';

export interface MapsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The server's DATA_DIR: images go in its `maps/` folder. */
  dataDir: string;
}

export type MapsFeature = Feature;

export function createMapsFeature(deps: MapsDeps): MapsFeature {
  const maps = new MapService(
    new MapStore(deps.db),
    new MapFiles(deps.dataDir),
    deps.clock,
    deps.logger.child({ component: 'maps' }),
  );
  return { name: 'maps', routes: (app) => mapRoutes(app, { maps }) };
}
