#!/usr/bin/env node
import { join } from 'node:path';
// Builds what `npm start` serves: the web app (Vite → packages/web/dist) and the server bundle
// (esbuild → packages/server/dist/main.js, and dist/writeWorker.js, its SQLite write thread). Workspace packages and pure-JavaScript third-party
// packages are bundled into the one file: Node then compiles one module instead of resolving,
// reading and wrapping about a thousand, which is most of the server's start-up time
// (measured by the bench's start-up row). What cannot be bundled stays external and loads from
// node_modules: native add-ons, and packages that find files or start workers next to their own
// source (`__dirname`), which a bundle would break (docs/architecture.md).
import { needsServerBuild, needsWebBuild, ROOT, run, step } from './lib.mjs';

export const SERVER_EXTERNAL = new Set([
  'better-sqlite3', // native add-on
  'pg', // optional native binding (pg-native), loaded only for PostgreSQL
  'pg-native',
  'pino', // transports start a worker from a file next to pino's source
  'thread-stream',
  '@fastify/swagger', // reads its own package.json by path
  '@fastify/swagger-ui', // serves its static files from its own folder
  'pdfjs-dist', // starts its worker from its own folder
  // Loaded on first use (a dynamic import): bundled, every start would parse them.
  'exceljs',
  'pdf-lib',
]);

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  const started = Date.now();
  await esbuild.build({
    // The server, and its SQLite write thread's module (src/writeWorker.ts) beside it.
    entryPoints: [
      join(ROOT, 'packages/server/src/main.ts'),
      join(ROOT, 'packages/server/src/writeWorker.ts'),
    ],
    outdir: join(ROOT, 'packages/server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false, // the sources are on disk beside the bundle; a smaller map loads faster
    logLevel: 'warning',
    // Bundled CommonJS packages `require()` Node's built-ins; an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as __netloomCreateRequire } from 'node:module'; const require = __netloomCreateRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'externalise-unbundleable',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:')) return { path: args.path, external: true };
            return SERVER_EXTERNAL.has(packageName(args.path))
              ? { path: args.path, external: true }
              : undefined;
          });
        },
      },
    ],
  });
  // A bundled package that looks for files beside itself would fail only when that code runs, so
  // the build fails instead. The bundle is checked, not the sources: esbuild has dropped comments.
  const { readFileSync } = await import('node:fs');
  const bundle = readFileSync(join(ROOT, 'packages/server/dist/main.js'), 'utf8');
  const offenders = new Set();
  let source = 'packages/server/src (workspace code)';
  for (const m of bundle.matchAll(/^\/\/ (node_modules\/\S+)$|\b__(?:dirname|filename)\b/gm)) {
    if (m[1])
      source = m[1]; // esbuild heads each bundled file with a `// <path>` line
    else offenders.add(source);
  }
  if (offenders.size > 0)
    throw new Error(
      `bundled code uses __dirname/__filename; make its package external (SERVER_EXTERNAL):\n${[...offenders].join('\n')}`,
    );
  console.log(`  server bundle built in ${Date.now() - started} ms`);
}

export function buildWeb() {
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(ROOT, 'packages/web') });
}

/** Builds whatever is stale (or everything with force). */
export async function buildIfStale({ force = false } = {}) {
  if (force || needsWebBuild()) {
    step('Building the web console (Vite)…');
    buildWeb();
  }
  if (force || needsServerBuild()) {
    step('Bundling the server (esbuild)…');
    await buildServer();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildIfStale({ force: !process.argv.includes('--if-stale') });
}
