import { mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEMO_PROJECT_IDS,
  ERR,
  MAP_MAX_BYTES,
  MAP_PDF_MAX_PAGES,
  MAP_WALLS_MAX,
  type MapDetail,
  type MapList,
  type MapSummary,
  WALL_MATERIAL_KEYS,
} from '@netloom/domain';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { createProject } from './devices.fixtures';
import { addMember, signedInUser } from './factories';
import { claimDevice } from './gatewayKit';
import { describeEachDb, type TestApp, useTestApp } from './harness';
import { file, type Part, png, upload } from './maps.fixtures';

// ── Files made in the test (nothing downloaded) ───────────────────────────────────────────────────

/** A JPEG's header segments (SOI, JFIF APP0, baseline SOF0 with the size, EOI): what the server reads. */
function jpg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...components, 0xff, 0xd9]);
}

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([500, 300]).drawText(`Floor ${i + 1}`, { x: 20, y: 250 });
  return Buffer.from(await doc.save());
}

/** 400 px for 10 m: 0.025 m/px, so the 800 × 480 px test map is a 20 m × 12 m floor. */
const SCALE = { from: { x: 100, y: 100 }, to: { x: 500, y: 100 }, lengthM: 10 };

const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
const CORRUPT_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x5a)]);

// ── Multipart ─────────────────────────────────────────────────────────────────────────────────────

const page = (value: Buffer, i = 1): Part => ({
  name: 'page',
  filename: `page-${i}.png`,
  value,
  type: 'image/png',
});

/** GET of an image with the client's session (the test client reads every answer as JSON). */
function getImage(app: TestApp, client: TestClient, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.app.inject({ method: 'GET', url, headers: { cookie } });
}

// ── The suite ─────────────────────────────────────────────────────────────────────────────────────

describeEachDb('floor-plan maps: upload, scale, walls, placements', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `netloom-maps-${kind}-`));
  const t = useTestApp(kind, { env: { DATA_DIR: dataDir } });
  const mapFiles = () => {
    try {
      return readdirSync(path.join(dataDir, 'maps')).sort();
    } catch {
      return [];
    }
  };

  async function owner() {
    const user = await signedInUser(t());
    const projectId = await createProject(user.client);
    return { ...user, projectId, base: `/api/projects/${projectId}/maps` };
  }

  async function mapRows(app: TestApp, projectId: number) {
    return app.database.db.selectFrom('maps').select('id').where('project_id', '=', projectId).execute();
  }

  async function oneMap(client: TestClient, projectId: number, bytes = png(800, 480)): Promise<MapSummary> {
    const r = await upload(client, projectId, [file('Ground floor.png', bytes)]);
    expect(r.body.code).toBe(0);
    return r.body.data?.maps[0] as MapSummary;
  }

  describe('upload', () => {
    it('stores a PNG and a JPG under their sniffed types and serves them with nosniff', async () => {
      const { client, projectId, base } = await owner();
      const image = png(800, 480);
      const first = await upload(client, projectId, [file('Ground floor.png', image, 'image/png')]);
      expect(first.status).toBe(200);
      expect(first.body.data?.maps).toEqual([
        expect.objectContaining({ name: 'Ground floor', contentType: 'image/png', width: 800, height: 480 }),
      ]);
      // A JPEG named .png and sent as image/png is a JPEG: the name and the client's type are not read.
      const second = await upload(client, projectId, [
        file('plan.png', jpg(1000, 600), 'image/png'),
        { name: 'name', value: 'First floor' },
      ]);
      expect(second.body.data?.maps).toEqual([
        expect.objectContaining({ name: 'First floor', contentType: 'image/jpeg', width: 1000, height: 600 }),
      ]);

      const list = await client.get<MapList>(base);
      expect(list.body.data?.maps.map((m) => [m.name, m.scale, m.wallCount, m.placements])).toEqual([
        ['Ground floor', null, 0, []],
        ['First floor', null, 0, []],
      ]);
      const id = first.body.data?.maps[0]?.id;
      const served = await getImage(t(), client, `${base}/${id}/image`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(image)).toBe(true);
      const jpeg = await getImage(t(), client, `${base}/${second.body.data?.maps[0]?.id}/image`);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(jpeg.headers['x-content-type-options']).toBe('nosniff');
    });

    it('splits a 3-page PDF into 3 maps and merges one into 1, storing the page images', async () => {
      const { client, projectId, base } = await owner();
      const before = mapFiles().length;
      const { parse, stringify } = JSON;
      const split = await upload(client, projectId, [
        file('Tower.pdf', await pdf(3), 'application/pdf'),
        { name: 'pdfMode', value: 'split' },
        page(png(500, 300, 10), 1),
        page(png(500, 300, 20), 2),
        page(png(500, 300, 30), 3),
      ]);
      expect(split.body.code).toBe(0);
      expect(split.body.data?.maps.map((m) => [m.name, m.contentType, m.width, m.height])).toEqual([
        ['Tower (1/3)', 'image/png', 500, 300],
        ['Tower (2/3)', 'image/png', 500, 300],
        ['Tower (3/3)', 'image/png', 500, 300],
      ]);
      const third = await getImage(t(), client, `${base}/${split.body.data?.maps[2]?.id}/image`);
      expect(third.rawPayload.equals(png(500, 300, 30))).toBe(true);

      const merged = await upload(client, projectId, [
        { name: 'pdfMode', value: 'merge' },
        file('Tower.pdf', await pdf(3)),
        page(png(500, 900)),
      ]);
      expect(merged.body.data?.maps.map((m) => [m.name, m.width, m.height])).toEqual([['Tower', 500, 900]]);
      expect((await mapRows(t(), projectId)).length).toBe(4);
      expect(mapFiles().length).toBe(before + 4);
      // pdf.js (and the polyfills its Node build installs on the globals) stayed in its own thread.
      expect([JSON.parse, JSON.stringify]).toEqual([parse, stringify]);
    });

    it('reads PDFs uploaded at once in turn, and takes a PNG with bytes after its end chunk', async () => {
      const { client, projectId } = await owner();
      const one = await pdf(1);
      const uploads = Array.from({ length: 5 }, (_, i) =>
        upload(client, projectId, [
          file(`Plan ${i}.pdf`, one),
          { name: 'pdfMode', value: 'merge' },
          page(png(50, 30)),
        ]),
      );
      const codes = (await Promise.all(uploads)).map((r) => r.body.code);
      expect(codes).toEqual([0, 0, 0, 0, 0]);
      const trailing = await upload(client, projectId, [
        file('t.png', Buffer.concat([png(20, 10), Buffer.from('tail')])),
      ]);
      expect(trailing.body.data?.maps[0]).toMatchObject({ width: 20, height: 10 });
      expect(await mapRows(t(), projectId)).toHaveLength(6);
    });

    it.each([
      [
        'a map over 5 MB',
        async () => [file('big.png', Buffer.concat([png(1, 1), Buffer.alloc(MAP_MAX_BYTES)]))],
        ERR.MAP_TOO_LARGE,
        413,
      ],
      [
        'a page image over 5 MB',
        async () => [
          file('a.pdf', await pdf(1)),
          { name: 'pdfMode', value: 'merge' },
          page(Buffer.alloc(MAP_MAX_BYTES + 1)),
        ],
        ERR.MAP_TOO_LARGE,
        413,
      ],
      [
        'a PDF of 16 pages (merged)',
        async () => [
          file('a.pdf', await pdf(MAP_PDF_MAX_PAGES + 1)),
          { name: 'pdfMode', value: 'merge' },
          page(png(10, 10)),
        ],
        ERR.MAP_PDF_TOO_MANY_PAGES,
        413,
      ],
      [
        'a PDF of 16 pages (split)',
        async () => [
          file('a.pdf', await pdf(MAP_PDF_MAX_PAGES + 1)),
          { name: 'pdfMode', value: 'split' },
          ...Array.from({ length: MAP_PDF_MAX_PAGES + 1 }, (_, i) => page(png(10, 10), i)),
        ],
        ERR.MAP_PDF_TOO_MANY_PAGES,
        413,
      ],
      ['a GIF', async () => [file('plan.gif', GIF, 'image/gif')], ERR.MAP_FILE_TYPE, 400],
      ['an HTML file named .png', async () => [file('plan.png', HTML, 'image/png')], ERR.MAP_FILE_TYPE, 400],
      [
        'a corrupt PDF',
        async () => [file('a.pdf', CORRUPT_PDF), { name: 'pdfMode', value: 'merge' }, page(png(10, 10))],
        ERR.MAP_FILE_DAMAGED,
        400,
      ],
      [
        'a PNG cut short',
        async () => [file('a.png', png(40, 40).subarray(0, 60))],
        ERR.MAP_FILE_DAMAGED,
        400,
      ],
      [
        'a split with fewer page images than pages',
        async () => [
          file('a.pdf', await pdf(3)),
          { name: 'pdfMode', value: 'split' },
          page(png(10, 10)),
          page(png(10, 10)),
        ],
        ERR.MAP_PAGE_IMAGES_MISMATCH,
        400,
      ],
      [
        'a merge without its image',
        async () => [file('a.pdf', await pdf(2)), { name: 'pdfMode', value: 'merge' }],
        ERR.MAP_PAGE_IMAGES_MISMATCH,
        400,
      ],
      [
        'a page image that is a JPEG',
        async () => [file('a.pdf', await pdf(1)), { name: 'pdfMode', value: 'merge' }, page(jpg(10, 10))],
        ERR.MAP_PAGE_IMAGES_MISMATCH,
        400,
      ],
      [
        'page images with an image upload',
        async () => [file('a.png', png(10, 10)), page(png(10, 10))],
        ERR.MAP_PAGE_IMAGES_MISMATCH,
        400,
      ],
      [
        'a PDF without pdfMode',
        async () => [file('a.pdf', await pdf(1)), page(png(10, 10))],
        ERR.INVALID_PARAMETERS,
        400,
      ],
      [
        'an unknown pdfMode',
        async () => [file('a.pdf', await pdf(1)), { name: 'pdfMode', value: 'zip' }, page(png(10, 10))],
        ERR.INVALID_PARAMETERS,
        400,
      ],
      ['no file', async () => [{ name: 'name', value: 'Plan' }], ERR.INVALID_PARAMETERS, 400],
    ] as const)('refuses %s and stores nothing', async (_what, parts, code, status) => {
      const { client, projectId } = await owner();
      const files = mapFiles();
      const r = await upload(client, projectId, await parts());
      expect([r.body.code, r.status]).toEqual([code, status]);
      expect(await mapRows(t(), projectId)).toEqual([]);
      expect(mapFiles()).toEqual(files);
    });

    it('refuses a body that is not multipart', async () => {
      const { client, base } = await owner();
      const r = await client.post(base, { file: 'plan.png' });
      expect(r.body.code).toBe(ERR.INVALID_PARAMETERS);
    });
  });

  describe('scale, walls, placements', () => {
    const wall = (shape: string, points: [number, number][], material = 'brick') => ({
      shape,
      material,
      points: points.map(([x, y]) => ({ x, y })),
    });

    it('walls and placements wait for the scale line (465), then are stored in metres', async () => {
      const { client, projectId, base } = await owner();
      const map = await oneMap(client, projectId);
      const url = `${base}/${map.id}`;
      const ap = await claimDevice(t(), projectId, `MAPAP${kind}${projectId}`, 'ap');
      const walls = [
        wall('line', [
          [1, 1],
          [5, 1],
        ]),
      ];

      const early = await client.call('PUT', `${url}/walls`, { walls });
      expect([early.body.code, early.body.message]).toEqual([
        ERR.MAP_SCALE_FIRST,
        'Scale line must be drawn first.',
      ]);
      expect((await client.call('PUT', `${url}/placements/${ap}`, { x: 1, y: 1 })).body.code).toBe(
        ERR.MAP_SCALE_FIRST,
      );

      const scaled = await client.call<MapSummary>('PUT', `${url}/scale`, SCALE);
      expect(scaled.body.data?.scale).toEqual({ ...SCALE, metresPerPixel: 0.025 });

      const all = [
        wall(
          'line',
          [
            [1, 1],
            [5, 1],
          ],
          'glass',
        ),
        wall(
          'polyline',
          [
            [1, 2],
            [3, 2],
            [3, 6],
          ],
          'wood',
        ),
        wall(
          'rectangle',
          [
            [6, 6],
            [10, 6],
            [10, 9],
            [6, 9],
          ],
          'concrete',
        ),
        wall(
          'polygon',
          [
            [12, 2],
            [16, 2],
            [14, 5],
          ],
          'bearing_wall',
        ),
      ];
      const saved = await client.call<{ walls: MapDetail['walls'] }>('PUT', `${url}/walls`, { walls: all });
      expect(saved.body.code).toBe(0);
      expect(saved.body.data?.walls.map((w) => [w.shape, w.material, w.points.length])).toEqual([
        ['line', 'glass', 2],
        ['polyline', 'wood', 3],
        ['rectangle', 'concrete', 4],
        ['polygon', 'bearing_wall', 3],
      ]);
      const placed = await client.call('PUT', `${url}/placements/${ap}`, { x: 7.5, y: 4 });
      expect(placed.body.data).toEqual({ deviceId: ap, x: 7.5, y: 4 });

      const detail = (await client.get<MapDetail>(url)).body.data;
      expect(detail?.wallCount).toBe(4);
      expect(detail?.walls[2]?.points).toEqual([
        { x: 6, y: 6 },
        { x: 10, y: 6 },
        { x: 10, y: 9 },
        { x: 6, y: 9 },
      ]);
      expect(detail?.placements).toEqual([
        {
          deviceId: ap,
          x: 7.5,
          y: 4,
          name: `MAPAP${kind}${projectId}`,
          sn: `MAPAP${kind}${projectId}`,
          type: 'ap',
          status: 0,
        },
      ]);
      const listed = (await client.get<MapList>(base)).body.data?.maps[0];
      expect([listed?.wallCount, listed?.placements]).toEqual([4, [{ deviceId: ap, x: 7.5, y: 4 }]]);

      // The wall set is replaced as a whole.
      const replaced = await client.call<{ walls: unknown[] }>('PUT', `${url}/walls`, { walls: [all[0]] });
      expect(replaced.body.data?.walls).toHaveLength(1);
      const none = await client.call<{ walls: unknown[] }>('PUT', `${url}/walls`, { walls: [] });
      expect(none.body.data?.walls).toEqual([]);
    });

    it('a new scale line keeps walls and devices where they are on the image', async () => {
      const { client, projectId, base } = await owner();
      const map = await oneMap(client, projectId);
      const url = `${base}/${map.id}`;
      const ap = await claimDevice(t(), projectId, `MAPRS${kind}${projectId}`, 'ap');
      await client.call('PUT', `${url}/scale`, SCALE);
      await client.call('PUT', `${url}/walls`, {
        walls: [
          wall('line', [
            [2, 2],
            [4, 2],
          ]),
        ],
      });
      await client.call('PUT', `${url}/placements/${ap}`, { x: 5, y: 3 });
      // The same line measured as 20 m: twice the metres per pixel, so every position doubles.
      await client.call('PUT', `${url}/scale`, { ...SCALE, lengthM: 20 });
      const detail = (await client.get<MapDetail>(url)).body.data;
      expect(detail?.scale?.metresPerPixel).toBe(0.05);
      expect(detail?.walls[0]?.points).toEqual([
        { x: 4, y: 4 },
        { x: 8, y: 4 },
      ]);
      expect(detail?.placements.map((p) => [p.x, p.y])).toEqual([[10, 6]]);
    });

    it('refuses bad scale lines, walls and positions', async () => {
      const { client, projectId, base } = await owner();
      const map = await oneMap(client, projectId);
      const url = `${base}/${map.id}`;
      const bad = async (method: string, to: string, body: unknown) =>
        (await client.call(method, to, body)).body.code;
      expect(await bad('PUT', `${url}/scale`, { ...SCALE, to: SCALE.from })).toBe(ERR.INVALID_PARAMETERS);
      expect(await bad('PUT', `${url}/scale`, { ...SCALE, lengthM: 0 })).toBe(ERR.INVALID_PARAMETERS);
      expect(await bad('PUT', `${url}/scale`, { ...SCALE, to: { x: 900, y: 100 } })).toBe(
        ERR.INVALID_PARAMETERS,
      );
      await client.call('PUT', `${url}/scale`, SCALE);

      const refused = [
        [
          wall('line', [
            [1, 1],
            [2, 1],
            [3, 1],
          ]),
        ],
        [wall('polyline', [[1, 1]])],
        [
          wall('polygon', [
            [1, 1],
            [2, 2],
          ]),
        ],
        [
          wall('rectangle', [
            [1, 1],
            [4, 1],
            [5, 3],
            [1, 3],
          ]),
        ],
        [
          wall('line', [
            [1, 1],
            [1, 1],
          ]),
        ],
        [
          wall('line', [
            [1, 1],
            [25, 1],
          ]),
        ], // past the 20 m width
        [
          wall(
            'line',
            [
              [1, 1],
              [2, 1],
            ],
            'cardboard',
          ),
        ],
        Array.from({ length: MAP_WALLS_MAX + 1 }, () =>
          wall('line', [
            [1, 1],
            [2, 1],
          ]),
        ),
      ];
      for (const walls of refused)
        expect(await bad('PUT', `${url}/walls`, { walls }), JSON.stringify(walls[0])).toBe(
          ERR.INVALID_PARAMETERS,
        );
      const most = Array.from({ length: MAP_WALLS_MAX }, (_, i) =>
        wall(
          'line',
          [
            [1, 1],
            [2, 1 + i / 100],
          ],
          WALL_MATERIAL_KEYS[i % WALL_MATERIAL_KEYS.length],
        ),
      );
      expect(await bad('PUT', `${url}/walls`, { walls: most })).toBe(0);

      const sw = await claimDevice(t(), projectId, `MAPSW${kind}${projectId}`, 'switch');
      expect(await bad('PUT', `${url}/placements/${sw}`, { x: 1, y: 1 })).toBe(ERR.MAP_DEVICE_NOT_PLACEABLE);
      const other = await owner();
      const stranger = await claimDevice(t(), other.projectId, `MAPXX${kind}${projectId}`, 'ap');
      expect(await bad('PUT', `${url}/placements/${stranger}`, { x: 1, y: 1 })).toBe(ERR.NOT_EXIST);
      const mesh = await claimDevice(t(), projectId, `MAPMS${kind}${projectId}`, 'mesh');
      expect(await bad('PUT', `${url}/placements/${mesh}`, { x: 21, y: 1 })).toBe(ERR.INVALID_PARAMETERS);
      expect(await bad('PUT', `${url}/placements/${mesh}`, { x: 20, y: 12 })).toBe(0);
    });

    it('a device stands on at most one map; taking it off and deleting a map', async () => {
      const { client, projectId, base } = await owner();
      const a = await oneMap(client, projectId);
      const b = await oneMap(client, projectId);
      const router = await claimDevice(t(), projectId, `MAPWR${kind}${projectId}`, 'wrouter');
      for (const m of [a, b]) await client.call('PUT', `${base}/${m.id}/scale`, SCALE);
      await client.call('PUT', `${base}/${a.id}/placements/${router}`, { x: 1, y: 1 });
      await client.call('PUT', `${base}/${b.id}/placements/${router}`, { x: 2, y: 2 });
      const maps = (await client.get<MapList>(base)).body.data?.maps;
      expect(maps?.map((m) => m.placements)).toEqual([[], [{ deviceId: router, x: 2, y: 2 }]]);
      expect((await client.del(`${base}/${a.id}/placements/${router}`)).body.code).toBe(ERR.NOT_EXIST);
      expect((await client.del(`${base}/${b.id}/placements/${router}`)).body.code).toBe(0);

      const renamed = await client.patch<MapSummary>(`${base}/${a.id}`, { name: 'Lobby' });
      expect(renamed.body.data?.name).toBe('Lobby');
      expect((await client.patch(`${base}/${a.id}`, { name: 'x'.repeat(33) })).body.code).toBe(
        ERR.INVALID_PARAMETERS,
      );

      const files = mapFiles().length;
      expect((await client.del(`${base}/${a.id}`)).body.code).toBe(0);
      expect(mapFiles().length).toBe(files - 1);
      expect((await client.get(`${base}/${a.id}`)).body.code).toBe(ERR.NOT_EXIST);
      expect((await client.call('GET', `${base}/${a.id}/image`)).body.code).toBe(ERR.NOT_EXIST);
      expect((await client.get<MapList>(base)).body.data?.maps.map((m) => m.id)).toEqual([b.id]);
    });
  });

  it('removes the image files of a deleted project’s maps once they are an hour old, and no others', async () => {
    const { client, projectId } = await owner();
    const kept = await owner();
    await oneMap(client, projectId);
    await oneMap(kept.client, kept.projectId);
    const files = mapFiles();
    expect((await client.del(`/api/projects/${projectId}`)).body.code).toBe(0);
    expect(await mapRows(t(), projectId)).toEqual([]);
    // The rows went with the project; the files wait for the sweep, which leaves recent ones alone.
    expect(await t().app.features.maps.sweepFiles()).toBe(0);
    expect(mapFiles()).toEqual(files);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const f of files) utimesSync(path.join(dataDir, 'maps', f), twoHoursAgo, twoHoursAgo);
    expect(await t().app.features.maps.sweepFiles()).toBe(1);
    expect(mapFiles()).toHaveLength(files.length - 1);
    expect((await kept.client.get<MapList>(`${kept.base}`)).body.data?.maps).toHaveLength(1);
    const [map] = (await kept.client.get<MapList>(kept.base)).body.data?.maps ?? [];
    expect((await getImage(t(), kept.client, `${kept.base}/${map?.id}/image`)).statusCode).toBe(200);
  });

  describe('access', () => {
    it('a stranger gets 73; a map of another project is 412', async () => {
      const { client, projectId, base } = await owner();
      const map = await oneMap(client, projectId);
      const stranger = await signedInUser(t());
      expect((await stranger.client.get(base)).body.code).toBe(ERR.PROJECT_INVALID);
      expect((await stranger.client.call('GET', `${base}/${map.id}/image`)).body.code).toBe(
        ERR.PROJECT_INVALID,
      );
      expect((await upload(stranger.client, projectId, [file('a.png', png(10, 10))])).body.code).toBe(
        ERR.PROJECT_INVALID,
      );
      const theirs = await createProject(stranger.client);
      expect(
        (await stranger.client.call('GET', `/api/projects/${theirs}/maps/${map.id}/image`)).body.code,
      ).toBe(ERR.NOT_EXIST);
    });

    it('a read-only member sees the maps and changes nothing (916); a locked project refuses changes (173)', async () => {
      const { client, projectId, base } = await owner();
      const map = await oneMap(client, projectId);
      const viewer = await signedInUser(t());
      await addMember(t(), projectId, viewer.accountId, 'r');
      expect((await viewer.client.get<MapList>(base)).body.data?.maps).toHaveLength(1);
      expect((await getImage(t(), viewer.client, `${base}/${map.id}/image`)).statusCode).toBe(200);
      const files = mapFiles();
      expect((await upload(viewer.client, projectId, [file('a.png', png(10, 10))])).body.code).toBe(
        ERR.READ_ONLY_SHARE,
      );
      expect((await viewer.client.call('PUT', `${base}/${map.id}/scale`, SCALE)).body.code).toBe(
        ERR.READ_ONLY_SHARE,
      );
      expect((await viewer.client.del(`${base}/${map.id}`)).body.code).toBe(ERR.READ_ONLY_SHARE);
      expect(mapFiles()).toEqual(files);

      expect((await client.call('PUT', `/api/projects/${projectId}/lock`, { locked: true })).body.code).toBe(
        0,
      );
      expect((await upload(client, projectId, [file('a.png', png(10, 10))])).body.code).toBe(
        ERR.READ_ONLY_PROJECT,
      );
      expect((await client.call('PUT', `${base}/${map.id}/scale`, SCALE)).body.code).toBe(
        ERR.READ_ONLY_PROJECT,
      );
      expect((await client.get<MapList>(base)).body.data?.maps).toHaveLength(1);
      expect(mapFiles()).toEqual(files);
    });
  });
});

describeEachDb('floor-plan maps in the live demo', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `netloom-maps-demo-${kind}-`));
  // The demo's account and projects without its fleet: the guard is what is under test.
  const t = useTestApp(kind, { env: { DATA_DIR: dataDir, DEMO_ENABLED: 'true' } });

  it('a demo visitor reads the maps and changes nothing (405)', async () => {
    const visitor = new TestClient(t().app);
    expect((await visitor.post('/api/auth/demo', { client: 'web' })).body.code).toBe(0);
    // The demo's prepared floor plans (one per demo project) are all there is, before and after.
    const maps = () =>
      t().database.db.selectFrom('maps').select(['id', 'updated_at']).orderBy('id').execute();
    const prepared = await maps();
    expect(prepared).toHaveLength(DEMO_PROJECT_IDS.length);
    for (const projectId of DEMO_PROJECT_IDS) {
      const base = `/api/projects/${projectId}/maps`;
      const list = await visitor.get<MapList>(base);
      expect(list.body.data?.maps).toHaveLength(1);
      const attempts = [
        await upload(visitor, projectId, [file('a.png', png(10, 10))]),
        await visitor.call('PUT', `${base}/1/scale`, SCALE),
        await visitor.call('PUT', `${base}/1/walls`, { walls: [] }),
        await visitor.call('PUT', `${base}/1/placements/1`, { x: 1, y: 1 }),
        await visitor.patch(`${base}/1`, { name: 'Mine' }),
        await visitor.del(`${base}/1`),
      ];
      expect(attempts.map((r) => r.body.code)).toEqual(attempts.map(() => ERR.DEMO_BLOCKED));
      expect(await maps()).toEqual(prepared);
    }
  });
});
