/**
 * The import rules of the layers (docs/architecture.md), checked by `npm run lint` (through `npm run lint:deps`).
 * dependency-cruiser reads TypeScript through TypeScript 5's compiler API (TypeScript 7, which
 * type-checks the project, has none); type-only imports count, as they tie modules together too.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle makes load order matter and modules impossible to read alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-pure',
      comment: 'src/shared holds the rules both sides run; it cannot depend on either side.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-server',
      comment: 'The browser talks to the server over HTTP only; shared rules live in src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'feature-keeps-to-itself',
      comment: 'A web feature imports no other feature and not the app shell; pages compose features.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: ['^src/web/features/', '^src/web/app/'], pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'module-public-entry',
      comment:
        "A server module uses another only through its index.ts, never the other's insides; its tables.ts is ruled by module-owns-its-tables below.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/[^/]+/',
        pathNot: [
          '^src/server/modules/$1/',
          '^src/server/modules/[^/]+/index\\.ts$',
          '^src/server/modules/[^/]+/tables\\.ts$',
        ],
      },
    },
    {
      name: 'module-owns-its-tables',
      comment:
        "Decision 0094: a module's tables are read and written by that module alone; another module calls a function of its index.ts. Its tables.ts may import another's, as a foreign key names the table it points at. Tests (*.test.ts), src/server/testing, db/seed and scripts read every table through db/schema.ts: they set up and check the database's state.",
      severity: 'error',
      from: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: ['\\.test\\.tsx?$', '^src/server/modules/[^/]+/tables\\.ts$'],
      },
      to: {
        path: ['^src/server/modules/[^/]+/tables\\.ts$', '^src/server/db/schema\\.ts$'],
        pathNot: '^src/server/modules/$1/tables\\.ts$',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: {
      dot: {
        collapsePattern: ['^src/server/modules/[^/]+', '^src/web/features/[^/]+', '^node_modules/[^/]+'],
      },
    },
  },
};
