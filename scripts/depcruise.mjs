#!/usr/bin/env node
// The dependency rules of docs/architecture.md (.dependency-cruiser.cjs): no import cycles, package
// layers, infrastructure that knows no feature, no deep imports between features. Part of `npm run check`.
import { join } from 'node:path';
import { ensureDependencies, ROOT, runStatus } from './lib.mjs';

ensureDependencies();
const bin = join(ROOT, 'tools', 'depcruise', 'node_modules', '.bin', 'depcruise');
const code = await runStatus(bin, [
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
  'packages',
]);
process.exit(code);
