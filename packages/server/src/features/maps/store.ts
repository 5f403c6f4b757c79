/**
 * The maps' SQL: `maps`, `map_walls`, `map_placements` (this feature's tables, migration 0015), and
 * reads of the devices feature's `devices` rows — the placed devices' names in the map's own
 * statement (a list join, docs/architecture.md "Data ownership"), whether a device may be placed,
 * and a prepared map's devices by SN.
 */
import type { MapPoint } from '@netloom/domain';
import type { Selectable } from 'kysely';
import { chunks, type Db } from '../../db';
import type { MapsTable } from '../../db/schema';

export type MapRow = Selectable<MapsTable>;

export interface NewMap {
  projectId: number;
  name: string;
  fileKey: string;
  contentType: string;
  width: number;
  height: number;
}

export interface ScaleLineRow {
  from: MapPoint;
  to: MapPoint;
  lengthM: number;
  metresPerPixel: number;
}

export interface WallRow {
  id: number;
  shape: string;
  material: string;
  points: MapPoint[];
}

export interface NewWall {
  shape: string;
  material: string;
  points: readonly MapPoint[];
}

export interface PlacementRow {
  mapId: number;
  deviceId: number;
  x: number;
  y: number;
}

export interface PlacedDeviceRow extends PlacementRow {
  name: string;
  sn: string;
  type: string;
  status: number;
}

const scale = (p: MapPoint, k: number): MapPoint => ({ x: p.x * k, y: p.y * k });

export class MapStore {
  constructor(private readonly db: Db) {}

  list(projectId: number): Promise<MapRow[]> {
    return this.db.selectFrom('maps').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
  }

  get(projectId: number, mapId: number): Promise<MapRow | undefined> {
    return this.db
      .selectFrom('maps')
      .selectAll()
      .where('id', '=', mapId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  /** The file keys of every map (the orphan sweep keeps these). */
  async fileKeys(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('maps').select('file_key').execute();
    return new Set(rows.map((r) => r.file_key));
  }

  /** Wall count per map of the given maps. */
  async wallCounts(mapIds: readonly number[]): Promise<Map<number, number>> {
    if (mapIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('map_walls')
      .select(['map_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('map_id', 'in', mapIds)
      .groupBy('map_id')
      .execute();
    return new Map(rows.map((r) => [r.map_id, Number(r.n)]));
  }

  async placements(mapIds: readonly number[]): Promise<PlacementRow[]> {
    if (mapIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('map_placements')
      .selectAll()
      .where('map_id', 'in', mapIds)
      .orderBy('device_id')
      .execute();
    return rows.map((r) => ({ mapId: r.map_id, deviceId: r.device_id, x: r.x, y: r.y }));
  }

  async walls(mapId: number): Promise<WallRow[]> {
    const rows = await this.db
      .selectFrom('map_walls')
      .selectAll()
      .where('map_id', '=', mapId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      shape: r.shape,
      material: r.material,
      points: JSON.parse(r.points_json) as MapPoint[],
    }));
  }

  /** The placed devices of a map with what the map shows of each (list join on `devices`). */
  async placedDevices(mapId: number): Promise<PlacedDeviceRow[]> {
    const rows = await this.db
      .selectFrom('map_placements as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .select(['p.map_id', 'p.device_id', 'p.x', 'p.y', 'd.name', 'd.sn', 'd.type', 'd.status'])
      .where('p.map_id', '=', mapId)
      .orderBy('p.device_id')
      .execute();
    return rows.map((r) => ({
      mapId: r.map_id,
      deviceId: r.device_id,
      x: r.x,
      y: r.y,
      name: r.name,
      sn: r.sn,
      type: r.type,
      status: r.status,
    }));
  }

  /** A device of the project (its type), or undefined: whether it may be placed on the project's maps. */
  device(projectId: number, deviceId: number): Promise<{ type: string } | undefined> {
    return this.db
      .selectFrom('devices')
      .select('type')
      .where('id', '=', deviceId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  /** The ids of these SNs among the project's devices (a prepared map places devices by SN). */
  async deviceIdsBySn(projectId: number, sns: readonly string[]): Promise<Map<string, number>> {
    if (sns.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .select(['id', 'sn'])
      .where('project_id', '=', projectId)
      .where('sn', 'in', [...sns])
      .execute();
    return new Map(rows.map((r) => [r.sn, r.id]));
  }

  /** Inserts the maps of one upload in one transaction; their ids in order. */
  insert(maps: readonly NewMap[], by: number | null, at: number): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const m of maps) {
        const row = await trx
          .insertInto('maps')
          .values({
            project_id: m.projectId,
            name: m.name,
            file_key: m.fileKey,
            content_type: m.contentType,
            width: m.width,
            height: m.height,
            created_at: at,
            created_by: by,
            updated_at: at,
            updated_by: by,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      return ids;
    });
  }

  async rename(mapId: number, name: string, by: number, at: number): Promise<void> {
    await this.db
      .updateTable('maps')
      .set({ name, updated_at: at, updated_by: by })
      .where('id', '=', mapId)
      .execute();
  }

  /** Deletes a map (its walls and placements cascade); its file key, or undefined when it was gone. */
  async delete(projectId: number, mapId: number): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('maps')
      .where('id', '=', mapId)
      .where('project_id', '=', projectId)
      .returning('file_key')
      .executeTakeFirst();
    return row?.file_key;
  }

  /**
   * Sets the scale line. Walls and placements are drawn on the image: when a scale is replaced they
   * are rescaled in the same transaction, so each stays where it was on the image.
   */
  setScale(map: MapRow, line: ScaleLineRow, by: number | null, at: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('maps')
        .set({
          scale_from_x: line.from.x,
          scale_from_y: line.from.y,
          scale_to_x: line.to.x,
          scale_to_y: line.to.y,
          scale_length_m: line.lengthM,
          metres_per_pixel: line.metresPerPixel,
          updated_at: at,
          updated_by: by,
        })
        .where('id', '=', map.id)
        .execute();
      const before = map.metres_per_pixel;
      if (before === null || before === line.metresPerPixel) return;
      const k = line.metresPerPixel / before;
      await trx
        .updateTable('map_placements')
        .set((eb) => ({ x: eb('x', '*', k), y: eb('y', '*', k) }))
        .where('map_id', '=', map.id)
        .execute();
      const walls = await trx
        .selectFrom('map_walls')
        .select(['id', 'points_json'])
        .where('map_id', '=', map.id)
        .execute();
      for (const w of walls) {
        const points = (JSON.parse(w.points_json) as MapPoint[]).map((p) => scale(p, k));
        await trx
          .updateTable('map_walls')
          .set({ points_json: JSON.stringify(points) })
          .where('id', '=', w.id)
          .execute();
      }
    });
  }

  /** Replaces the wall set of a map in one transaction. */
  replaceWalls(mapId: number, walls: readonly NewWall[], by: number | null, at: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('map_walls').where('map_id', '=', mapId).execute();
      for (const part of chunks(walls)) {
        if (part.length === 0) continue;
        await trx
          .insertInto('map_walls')
          .values(
            part.map((w) => ({
              map_id: mapId,
              shape: w.shape,
              material: w.material,
              points_json: JSON.stringify(w.points.map((p) => ({ x: p.x, y: p.y }))),
            })),
          )
          .execute();
      }
      await trx.updateTable('maps').set({ updated_at: at, updated_by: by }).where('id', '=', mapId).execute();
    });
  }

  /** Places a device on a map, taking it off any other map (one row per device). */
  async place(p: PlacementRow): Promise<void> {
    await this.db
      .insertInto('map_placements')
      .values({ device_id: p.deviceId, map_id: p.mapId, x: p.x, y: p.y })
      .onConflict((oc) => oc.column('device_id').doUpdateSet({ map_id: p.mapId, x: p.x, y: p.y }))
      .execute();
  }

  /** Takes a device off a map: whether it was on it. */
  async unplace(mapId: number, deviceId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('map_placements')
      .where('map_id', '=', mapId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
