/**
 * The "Screenshot" of the map (issue 12 §2): the plan with its walls, APs and heat map as drawn, at
 * the image's own resolution (capped), with the legend and a scale bar drawn beneath.
 */
import type Konva from 'konva';
import { scaleBar } from './mapGeometry';

/** The longest side of the exported picture: sharp enough to print, small enough to mail. */
const EXPORT_MAX_SIDE_PX = 4096;
const FOOTER_PX = 56;
/** The extra line of a note (the AP plan's summary) above the title. */
const NOTE_PX = 24;

export interface ScreenshotInput {
  stage: Konva.Stage;
  view: { x: number; y: number; scale: number };
  image: { width: number; height: number };
  metresPerPixel: number | null;
  title: string;
  legend: { colour: string; label: string }[];
  /** One more line above the title, e.g. the AP plan's summary. */
  note?: string;
}

export function exportMapPng(s: ScreenshotInput): Promise<Blob> {
  const side = Math.max(s.image.width, s.image.height);
  const out = Math.min(1, EXPORT_MAX_SIDE_PX / side); // export pixels per image pixel
  const plan = s.stage.toCanvas({
    x: s.view.x,
    y: s.view.y,
    width: s.image.width * s.view.scale,
    height: s.image.height * s.view.scale,
    pixelRatio: out / s.view.scale,
  });
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(plan.width, 480);
  const notePx = s.note ? NOTE_PX : 0;
  canvas.height = plan.height + FOOTER_PX + notePx;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('The screenshot could not be drawn.'));
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(plan, 0, 0);
  if (s.note) {
    ctx.font = '12px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#531dab';
    ctx.fillText(s.note, 12, plan.height + NOTE_PX / 2 + 6);
  }
  const y = plan.height + notePx + FOOTER_PX / 2;
  ctx.font = '600 13px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#1f1f1f';
  ctx.fillText(s.title, 12, y);
  let x = 12 + ctx.measureText(s.title).width + 24;
  ctx.font = '12px system-ui, sans-serif';
  for (const row of s.legend) {
    ctx.fillStyle = row.colour;
    ctx.fillRect(x, y - 6, 14, 12);
    ctx.fillStyle = '#434343';
    ctx.fillText(row.label, x + 18, y);
    x += 18 + ctx.measureText(row.label).width + 14;
  }
  if (s.metresPerPixel !== null) {
    const bar = scaleBar(s.metresPerPixel / out);
    const bx = canvas.width - bar.px - 16;
    ctx.strokeStyle = '#1f1f1f';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(bx, y - 5);
    ctx.lineTo(bx, y + 5);
    ctx.moveTo(bx, y);
    ctx.lineTo(bx + bar.px, y);
    ctx.moveTo(bx + bar.px, y - 5);
    ctx.lineTo(bx + bar.px, y + 5);
    ctx.stroke();
    ctx.fillStyle = '#1f1f1f';
    ctx.textAlign = 'center';
    ctx.fillText(`${bar.metres} m`, bx + bar.px / 2, y - 14);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The screenshot could not be drawn.'))),
      'image/png',
    ),
  );
}

/** Saves a blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
