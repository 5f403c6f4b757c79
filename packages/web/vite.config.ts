import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves `dist` on the same origin in production; in `vite` dev mode the API is proxied
// to a locally running server (NETLOOM_API, default http://localhost:8080).
const apiTarget = process.env.NETLOOM_API ?? 'http://localhost:8080';

/**
 * Vendor chunks keep library code cacheable across releases and the login route light: the login
 * page needs React, the router, Query and the antd form controls; ECharts and every console page
 * are lazy routes and land in their own chunks.
 */
const vendorGroups = [
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender|echarts-for-react)[\\/]/ },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
];

/**
 * `@netloom/domain` is pure definitions (spec as code, no I/O), but its package.json does not say
 * so, and the bundler keeps every module of its barrel: devices, VLAN rules, wireless models… all
 * landed in the login route. Declaring it side-effect-free here lets unused domain modules drop.
 * Anything else keeps the default (undefined → package.json `sideEffects`).
 */
const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/]/;
function moduleSideEffects(id: string): boolean | undefined {
  return DOMAIN_SOURCE.test(id) ? false : undefined;
}

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // The manifest lets the size budget script follow the login route's chunk graph.
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
