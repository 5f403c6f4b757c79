/**
 * The maps of a project (issue 12 §1): upload (verified in `upload.ts`, stored only when all of it
 * passed), views, rename and delete, the scale line, and — once a scale exists (465 before) — the
 * wall set and the devices' positions, in metres and on the map.
 */
import {
  ERR,
  isOnMap,
  isPlaceableKind,
  type MapDetail,
  type MapImageType,
  type MapList,
  type MapPlacement,
  type MapScaleRequest,
  type MapSummary,
  type MapWallsRequest,
  type MapWallView,
  mapScaleLineIssue,
  mapSizeM,
  metresPerPixel,
} from '@netloom/domain';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import type { RfFeature } from '../rf';
import { mapCalibration } from './calibration';
import type { MapFiles } from './files';
import type { MapRow, MapStore, PlacementRow } from './store';
import type { MapImage } from './upload';

/**
 * A map the server prepares itself (the live demo's floor plans): a PNG, its scale line, walls and
 * where devices stand, by SN (positions in metres).
 */
export interface PreparedMap {
  name: string;
  png: Buffer;
  width: number;
  height: number;
  scale: MapScaleRequest;
  walls: MapWallsRequest['walls'];
  placements: readonly { sn: string; x: number; y: number }[];
}

/** Who does it, in which project (the project guard's `projectAccessOf`). */
export interface MapActor {
  projectId: number;
  accountId: number;
}

function scaleOf(row: MapRow): MapSummary['scale'] {
  const { scale_from_x: fx, scale_from_y: fy, scale_to_x: tx, scale_to_y: ty } = row;
  if (fx === null || fy === null || tx === null || ty === null) return null;
  if (row.scale_length_m === null || row.metres_per_pixel === null) return null;
  return {
    from: { x: fx, y: fy },
    to: { x: tx, y: ty },
    lengthM: row.scale_length_m,
    metresPerPixel: row.metres_per_pixel,
  };
}

function summaryOf(row: MapRow, wallCount: number, placements: readonly PlacementRow[]): MapSummary {
  return {
    id: row.id,
    name: row.name,
    contentType: row.content_type as MapImageType,
    width: row.width,
    height: row.height,
    scale: scaleOf(row),
    wallCount,
    placements: placements.map((p) => ({ deviceId: p.deviceId, x: p.x, y: p.y })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class MapService {
  constructor(
    private readonly store: MapStore,
    private readonly files: MapFiles,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly rf: Pick<RfFeature, 'neighbours'>,
  ) {}

  async list(projectId: number): Promise<MapList> {
    const rows = await this.store.list(projectId);
    return { maps: await this.summaries(rows) };
  }

  private async summaries(rows: readonly MapRow[]): Promise<MapSummary[]> {
    const ids = rows.map((r) => r.id);
    const [counts, placements] = await Promise.all([this.store.wallCounts(ids), this.store.placements(ids)]);
    return rows.map((r) =>
      summaryOf(
        r,
        counts.get(r.id) ?? 0,
        placements.filter((p) => p.mapId === r.id),
      ),
    );
  }

  private async mapOf(projectId: number, mapId: number): Promise<MapRow> {
    const row = await this.store.get(projectId, mapId);
    if (!row) throw new AppError(ERR.NOT_EXIST, 404);
    return row;
  }

  /** The map and its metres per pixel; 465 while it has no scale line. */
  private async scaledMapOf(projectId: number, mapId: number): Promise<{ map: MapRow; mpp: number }> {
    const map = await this.mapOf(projectId, mapId);
    if (map.metres_per_pixel === null) throw new AppError(ERR.MAP_SCALE_FIRST, 409);
    return { map, mpp: map.metres_per_pixel };
  }

  async get(projectId: number, mapId: number): Promise<MapDetail> {
    const map = await this.mapOf(projectId, mapId);
    const [walls, placed, heard] = await Promise.all([
      this.store.walls(mapId),
      this.store.placedDevices(mapId),
      this.rf.neighbours(projectId),
    ]);
    return {
      ...summaryOf(map, walls.length, placed),
      walls: walls as MapWallView[],
      placements: placed.map(({ mapId: _map, ...p }) => p),
      calibration: mapCalibration(walls as MapWallView[], placed, heard),
    };
  }

  async image(projectId: number, mapId: number): Promise<{ type: MapImageType; bytes: Buffer }> {
    const map = await this.mapOf(projectId, mapId);
    return { type: map.content_type as MapImageType, bytes: await this.files.read(map.file_key) };
  }

  /**
   * Stores verified images as maps: the files first, then the rows in one transaction; when the rows
   * fail the files written are removed again, so a failed upload leaves nothing behind.
   */
  async create(actor: MapActor, images: readonly MapImage[]): Promise<MapList> {
    const keys: string[] = [];
    try {
      for (const image of images) {
        const key = this.files.newKey(image.type);
        await this.files.write(key, image.bytes);
        keys.push(key);
      }
      const ids = await this.store.insert(
        images.map((image, i) => ({
          projectId: actor.projectId,
          name: image.name,
          fileKey: keys[i] as string,
          contentType: image.type,
          width: image.width,
          height: image.height,
        })),
        actor.accountId,
        this.clock.now(),
      );
      const rows = (await this.store.list(actor.projectId)).filter((r) => ids.includes(r.id));
      return { maps: await this.summaries(rows) };
    } catch (err) {
      await Promise.all(keys.map((k) => this.files.remove(k)));
      throw err;
    }
  }

  async rename(actor: MapActor, mapId: number, name: string): Promise<MapSummary> {
    await this.mapOf(actor.projectId, mapId);
    await this.store.rename(mapId, name, actor.accountId, this.clock.now());
    return this.summary(actor.projectId, mapId);
  }

  private async summary(projectId: number, mapId: number): Promise<MapSummary> {
    const [summary] = await this.summaries([await this.mapOf(projectId, mapId)]);
    if (!summary) throw new AppError(ERR.NOT_EXIST, 404);
    return summary;
  }

  async remove(actor: MapActor, mapId: number): Promise<Record<string, never>> {
    const key = await this.store.delete(actor.projectId, mapId);
    if (key === undefined) throw new AppError(ERR.NOT_EXIST, 404);
    // After the commit: a file left by a failed removal is only disk, never a map without its image.
    await this.files
      .remove(key)
      .catch((err: unknown) => this.logger.warn({ err, key }, 'map file not removed'));
    return {};
  }

  async setScale(actor: MapActor, mapId: number, line: MapScaleRequest): Promise<MapSummary> {
    const map = await this.mapOf(actor.projectId, mapId);
    const issue = mapScaleLineIssue(line, map);
    if (issue) throw invalidField('to', issue);
    await this.store.setScale(
      map,
      { ...line, metresPerPixel: metresPerPixel(line) },
      actor.accountId,
      this.clock.now(),
    );
    return this.summary(actor.projectId, mapId);
  }

  async putWalls(actor: MapActor, mapId: number, body: MapWallsRequest): Promise<{ walls: MapWallView[] }> {
    const { map, mpp } = await this.scaledMapOf(actor.projectId, mapId);
    const size = mapSizeM(map, mpp);
    body.walls.forEach((wall, i) => {
      if (!wall.points.every((p) => isOnMap(p, size)))
        throw invalidField(`walls.${i}.points`, 'Every point of a wall must be on the map.');
    });
    await this.store.replaceWalls(mapId, body.walls, actor.accountId, this.clock.now());
    return { walls: (await this.store.walls(mapId)) as MapWallView[] };
  }

  async place(
    actor: MapActor,
    mapId: number,
    deviceId: number,
    at: { x: number; y: number },
  ): Promise<MapPlacement> {
    const { map, mpp } = await this.scaledMapOf(actor.projectId, mapId);
    const device = await this.store.device(actor.projectId, deviceId);
    if (!device) throw new AppError(ERR.NOT_EXIST, 404);
    if (!isPlaceableKind(device.type)) throw new AppError(ERR.MAP_DEVICE_NOT_PLACEABLE);
    if (!isOnMap(at, mapSizeM(map, mpp))) throw invalidField('x', 'The position must be on the map.');
    await this.store.place({ mapId, deviceId, x: at.x, y: at.y });
    return { deviceId, x: at.x, y: at.y };
  }

  /**
   * Creates the map `prepare` draws in a project that has no map yet (the system does it: no
   * account); false when the project has maps already (a restart, or another node, prepared it).
   * Devices not in the project are left off.
   */
  async ensurePrepared(projectId: number, prepare: () => PreparedMap): Promise<boolean> {
    if ((await this.store.list(projectId)).length > 0) return false;
    // Drawn only now: a restart finds the map there and skips the rendering (start-up time).
    const prepared = prepare();
    const at = this.clock.now();
    const key = this.files.newKey('image/png');
    await this.files.write(key, prepared.png);
    const [mapId] = await this.store.insert(
      [
        {
          projectId,
          name: prepared.name,
          fileKey: key,
          contentType: 'image/png',
          width: prepared.width,
          height: prepared.height,
        },
      ],
      null,
      at,
    );
    const map = mapId === undefined ? undefined : await this.store.get(projectId, mapId);
    if (!map) return false;
    // Two nodes starting at once may both have found no map: the older map stays, the other goes
    // before it places anything (a device stands on one map).
    const first = (await this.store.list(projectId))[0];
    if (first && first.id !== map.id) {
      await this.store.delete(projectId, map.id);
      await this.files.remove(key).catch(() => undefined);
      return false;
    }
    await this.store.setScale(
      map,
      { ...prepared.scale, metresPerPixel: metresPerPixel(prepared.scale) },
      null,
      at,
    );
    await this.store.replaceWalls(map.id, prepared.walls, null, at);
    const ids = await this.store.deviceIdsBySn(
      projectId,
      prepared.placements.map((p) => p.sn),
    );
    for (const p of prepared.placements) {
      const deviceId = ids.get(p.sn);
      if (deviceId !== undefined) await this.store.place({ mapId: map.id, deviceId, x: p.x, y: p.y });
    }
    return true;
  }

  /** Removes image files no map names any more (see `MapFiles.sweep`); how many. */
  async sweepFiles(olderThan: number): Promise<number> {
    // Keys first, then the directory: a file written after this read is newer than `olderThan`.
    const removed = await this.files.sweep(await this.store.fileKeys(), olderThan);
    if (removed > 0) this.logger.info({ removed }, 'map files without a map removed');
    return removed;
  }

  async unplace(actor: MapActor, mapId: number, deviceId: number): Promise<Record<string, never>> {
    await this.mapOf(actor.projectId, mapId);
    if (!(await this.store.unplace(mapId, deviceId))) throw new AppError(ERR.NOT_EXIST, 404);
    return {};
  }
}
