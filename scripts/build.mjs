#!/usr/bin/env node
import { join } from 'node:path';
// Builds what `npm start` serves: the web app (Vite → packages/web/dist) and the server bundle
// (esbuild → packages/server/dist/main.js). Workspace packages are bundled from their TypeScript
// source; third-party packages stay external and load from node_modules.
import { needsServerBuild, needsWebBuild, ROOT, run, step } from './lib.mjs';

export async function buildServer() {
  const esbuild = await import('esbuild');
  const started = Date.now();
  await esbuild.build({
    entryPoints: [join(ROOT, 'packages/server/src/main.ts')],
    outfile: join(ROOT, 'packages/server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalise-third-party',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@netloom/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
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
