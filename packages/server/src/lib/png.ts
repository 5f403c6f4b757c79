/**
 * A tiny RGB raster and its PNG encoding (node:zlib): enough to draw a floor plan's rooms and walls
 * on the server (the live demo's prepared maps), with no image library.
 */
import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

export class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  private set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = c[0];
    this.pixels[i + 1] = c[1];
    this.pixels[i + 2] = c[2];
  }

  fillRect(x0: number, y0: number, x1: number, y1: number, c: Rgb): void {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(this.width, Math.round(x1)); x++)
        this.set(x, y, c);
  }

  /** A straight stroke of `width` pixels with square ends. */
  line(ax: number, ay: number, bx: number, by: number, width: number, c: Rgb): void {
    const half = width / 2;
    const length = Math.hypot(bx - ax, by - ay);
    const steps = Math.max(1, Math.ceil(length * 2));
    for (let s = 0; s <= steps; s++) {
      const x = ax + ((bx - ax) * s) / steps;
      const y = ay + ((by - ay) * s) / steps;
      this.fillRect(x - half, y - half, x + half, y + half, c);
    }
  }

  /** The PNG file: 8-bit RGB, no interlace, filter 0 on every row. */
  png(): Buffer {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const row = this.width * 3;
    const raw = Buffer.alloc((row + 1) * this.height);
    for (let y = 0; y < this.height; y++)
      raw.set(this.pixels.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
