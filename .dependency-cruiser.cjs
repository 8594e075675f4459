// Import boundaries of docs/STYLE.md §2, checked by `npm run lint`.
// Every exception to the table needs a written reason here.

/** Folders each src/ folder may import, besides itself. */
const ALLOWED = {
  common: [],
  hassil: [],
  conversation: ['common'],
  openai: ['conversation', 'common'],
  homeassistant: ['common'],
  backends: ['openai', 'conversation', 'common'],
  tools: ['homeassistant', 'common'],
  // backends/ and homeassistant/ too, but only their types: see the type-only rule below.
  assist: ['hassil', 'tools', 'conversation', 'common', 'backends', 'homeassistant'],
  mcp: ['tools', 'common'],
  server: ['openai', 'assist', 'tools', 'mcp', 'conversation', 'common'],
  // Exception: demo-home/ is not in the STYLE table. It builds synthetic Home Assistant requests (the
  // demo home, test and benchmark homes) and depends on nothing but common/.
  'demo-home': ['common'],
};

const folderRules = Object.entries(ALLOWED).map(([folder, allowed]) => ({
  name: `boundary-${folder}`,
  comment: `src/${folder}/ may import only ${allowed.length ? allowed.join(', ') : 'nothing else in src/'} (STYLE.md §2)`,
  severity: 'error',
  from: { path: `^src/${folder}/` },
  to: { path: '^src/', pathNot: [`^src/${folder}/`, ...allowed.map((other) => `^src/${other}/`)] },
}));

module.exports = {
  forbidden: [
    ...folderRules,
    {
      name: 'no-unknown-folder',
      comment: 'a new src/ folder needs a row in the boundary table above',
      severity: 'error',
      from: { path: '^src/', pathNot: [`^src/(cli|${Object.keys(ALLOWED).join('|')})/`] },
      to: {},
    },
    {
      name: 'through-index-only',
      comment: 'import another folder only through its index.ts (STYLE.md §2)',
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/', pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$'] },
    },
    {
      name: 'assist-types-only',
      comment: 'assist/ may import only the types and interfaces of backends/ and homeassistant/',
      severity: 'error',
      from: { path: '^src/assist/' },
      to: { path: '^src/(backends|homeassistant)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-test-in-src',
      comment: 'production code never imports from test/',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'no-dev-deps-in-src',
      comment: 'src/ runs with production dependencies only',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
  },
};
