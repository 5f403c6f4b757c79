// The architecture rules of docs/architecture.md, checked on every `npm run check` (and so in CI).
// A rule here is the only place its boundary is written; break one and the check names the import.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles in any package: a cycle makes load order and lazy chunks fragile.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-nothing-ours',
      severity: 'error',
      comment: 'domain is the spec as code: it imports no other package of ours.',
      from: { path: '^packages/domain/' },
      to: { path: '^packages/(protocol|server|web|sim)/' },
    },
    {
      name: 'protocol-imports-only-domain',
      severity: 'error',
      from: { path: '^packages/protocol/' },
      to: { path: '^packages/(server|web|sim)/' },
    },
    {
      name: 'web-imports-only-domain',
      severity: 'error',
      comment: 'The web reaches the server through the HTTP contract declared in domain, never its code.',
      from: { path: '^packages/web/' },
      to: { path: '^packages/(protocol|server|sim)/' },
    },
    {
      name: 'sim-is-a-device',
      severity: 'error',
      comment: 'The simulator speaks only the protocol, like real firmware: never the server.',
      from: { path: '^packages/sim/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'conformance-kit-is-the-cloud',
      severity: 'error',
      comment:
        'The conformance kit judges devices by the protocol alone: it imports no simulator code (its test drives the simulator as any device).',
      from: { path: '^packages/sim/src/conformance/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/sim/src/', pathNot: '^packages/sim/src/conformance/' },
    },
    {
      name: 'server-not-sim',
      severity: 'error',
      comment:
        'The demo fleet is started by main.ts; the app itself (buildApp and features) knows no simulator.',
      from: { path: '^packages/server/src/', pathNot: '^packages/server/src/main\\.ts$' },
      to: { path: '^packages/sim/' },
    },
    {
      name: 'infrastructure-knows-no-feature',
      severity: 'error',
      comment:
        'db, gateway, live, plugins, lib and transport serve every feature and import none: features register with them.',
      from: { path: '^packages/server/src/(db|gateway|live|plugins|lib|transport)/' },
      to: { path: '^packages/server/src/features/' },
    },
    {
      name: 'web-shared-knows-no-feature',
      severity: 'error',
      comment: 'components/ and api/ are shared by every web feature and import none of them.',
      from: { path: '^packages/web/src/(components|api)/' },
      to: { path: '^packages/web/src/features/' },
    },
    {
      name: 'no-deep-imports-between-features',
      severity: 'error',
      comment: 'A feature asks another through its public index.ts, never its store, service or components.',
      from: { path: '^packages/(server|web)/src/features/([^/]+)/' },
      to: {
        path: '^packages/$1/src/features/[^/]+/',
        pathNot: ['^packages/$1/src/features/$2/', '^packages/$1/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-app-uses-feature-entries',
      severity: 'error',
      comment:
        'The app shell wires a feature through its public index or its routes, never its pages, hooks or api.',
      from: { path: '^packages/web/src/app/' },
      to: {
        path: '^packages/web/src/features/[^/]+/',
        pathNot: '^packages/web/src/features/[^/]+/(index|routes)\\.tsx?$',
      },
    },
  ],
  options: {
    // Type-only imports count too: a cycle of types is still a cycle of knowledge.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: {
      // Tests may reach into what they test; fixtures and builds are not the architecture.
      path: ['node_modules', '/dist/', '\\.test\\.tsx?$', '^packages/server/test/'],
    },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
      conditionNames: ['import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
