/**
 * Reading an uploaded PDF on the server: only to check it is a PDF pdf.js can open and to count its
 * pages (the browser renders the pages; docs/api.md "Uploading a PDF").
 *
 * pdf.js runs in a worker thread, never in the server's own: its Node ("legacy") build installs
 * core-js polyfills on the globals when imported — JSON.stringify among them, measured 4× slower on
 * Node 20 — which must not touch every response and device message of the process. The thread also
 * bounds what a hostile PDF can take: its heap, and its time (a PDF that takes longer to open is one
 * the server cannot read). Nothing is rendered and no script or font is evaluated.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** How long opening a PDF may take before it counts as unreadable (a 5 MB file opens in well under 1 s). */
const PDF_OPEN_TIMEOUT_MS = 15_000;
/** Heap of the reading thread: pdf.js reads the page tree lazily, far below this for a 5 MB file. */
const PDF_WORKER_HEAP_MB = 256;
/** PDFs read at once (one per core of a small server); more uploads wait their turn. */
const PDF_READS_AT_ONCE = 2;

/** pdf.js's Node build, resolved here (from node_modules, as the server bundle leaves it). */
const PDFJS_URL = pathToFileURL(
  createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs'),
).href;

// CommonJS evaluated in the thread (not a file, so the server bundle needs no second entry point).
// verbosity 0: errors only; pdf.js would otherwise print its warnings to the server's stdout.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  let pdfjs;
  try {
    pdfjs = await import(workerData.pdfjs);
  } catch (err) {
    parentPort.postMessage({ failed: String(err) });
    return;
  }
  let pages = null;
  try {
    const task = pdfjs.getDocument({
      data: workerData.bytes,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    });
    try {
      pages = (await task.promise).numPages;
    } finally {
      await task.destroy();
    }
  } catch {
    pages = null;
  }
  parentPort.postMessage({ pages });
})();
`;

let reading = 0;
const waiting: (() => void)[] = [];

/** The PDF's page count, or null when pdf.js cannot open it (damaged, encrypted, too slow to open). */
export async function countPdfPages(bytes: Buffer): Promise<number | null> {
  // A finished read hands its slot straight to the next in line, so no newcomer slips in between.
  if (reading >= PDF_READS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else reading += 1;
  try {
    return await readInThread(bytes);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  }
}

function readInThread(bytes: Buffer): Promise<number | null> {
  // A copy handed over to the thread, so the caller's buffer stays as it is.
  const copy = new Uint8Array(bytes);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfjs: PDFJS_URL, bytes: copy },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
  });
  return new Promise<number | null>((resolve, reject) => {
    const done = (pages: number | null) => {
      clearTimeout(timer);
      resolve(pages);
      void worker.terminate();
    };
    const timer = setTimeout(() => done(null), PDF_OPEN_TIMEOUT_MS);
    worker.once('message', (m: { pages?: unknown; failed?: string }) => {
      // pdf.js missing is the server's fault, not the file's: a 500, not "damaged".
      if (m.failed !== undefined) {
        clearTimeout(timer);
        reject(new Error(`pdf.js could not be loaded: ${m.failed}`));
        void worker.terminate();
        return;
      }
      done(typeof m.pages === 'number' ? m.pages : null);
    });
    worker.once('error', () => done(null));
    worker.once('exit', () => done(null));
  });
}
