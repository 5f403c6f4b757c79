/**
 * Renders a PDF floor plan into PNG page images in the browser (docs/api.md "Uploading a map": the
 * server never rasterises). pdf.js and its worker are bundled (Vite `?url`): no network at run time.
 */
import { MAP_IMAGE_MAX_SIDE_PX } from '@netloom/domain';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages are drawn at 1.5× their PDF size (A4 ≈ 890 × 1260 px): sharp, well under 5 MB a page. */
const RENDER_SCALE = 1.5;

export async function openPdf(file: File): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(await file.arrayBuffer()) }).promise;
}

async function renderPage(doc: PDFDocumentProxy, n: number): Promise<HTMLCanvasElement> {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: RENDER_SCALE });
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  await page.render({ canvas, viewport }).promise;
  return canvas;
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The page could not be drawn.'))), 'image/png'),
  );
}

/**
 * The page images to send: one PNG per page to split, or one PNG of all pages stacked top to bottom
 * to merge (shrunk if the stack would pass the browser's canvas side limit).
 */
export async function renderPdfPages(doc: PDFDocumentProxy, merge: boolean): Promise<Blob[]> {
  const pages: HTMLCanvasElement[] = [];
  for (let n = 1; n <= doc.numPages; n++) pages.push(await renderPage(doc, n));
  if (!merge) return Promise.all(pages.map(toPng));
  const width = Math.max(...pages.map((p) => p.width));
  const height = pages.reduce((h, p) => h + p.height, 0);
  const shrink = Math.min(1, MAP_IMAGE_MAX_SIDE_PX / Math.max(width, height));
  const out = document.createElement('canvas');
  out.width = Math.floor(width * shrink);
  out.height = Math.floor(height * shrink);
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('The pages could not be drawn.');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, out.width, out.height);
  let y = 0;
  for (const p of pages) {
    ctx.drawImage(p, 0, y * shrink, p.width * shrink, p.height * shrink);
    y += p.height;
  }
  return [await toPng(out)];
}
