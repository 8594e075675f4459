// Import boundaries of docs/STYLE.md §2, checked by `npm run lint`.
// Every exception to the table needs a written reason here.

/** Folders each src/ folder may import, besides itself. */
const ALLOWED = {
  common: [],
  hassil: [],
  conversation: ['common'],
  openai: ['conversation', 'common'],
  ollama: ['conversation', 'common'],
  // Exception: homeassistant/ uses hassil/'s Python formats (`floatRepr`, PyYAML's resolver), so that each foreign
  // format has one implementation; hassil/ stays self-contained, as it imports nothing from src/ (issue 27).
  homeassistant: ['common', 'hassil'],
  // backends/ speaks Ollama's wire through ollama/'s codec (the one codec, both directions: issue 27).
  backends: ['openai', 'ollama', 'conversation', 'common'],
  tools: ['homeassistant', 'common'],
  // backends/ and homeassistant/ too, but only their types, except the pure format functions of
  // homeassistant/request/: see the assist-types-only rule below.
  assist: ['hassil', 'tools', 'conversation', 'common', 'backends', 'homeassistant'],
  mcp: ['tools', 'common'],
  // Exception: storage/ is not in the STYLE table. It is hearth's data folder (the SQLite database, the key file,
  // policy.json): I/O that only cli/ constructs and passes in. It implements the stores the tool add-on declares
  // (the journal, the proposals), so it imports tools/' types, and only its types (the storage-types-only rule).
  storage: ['common', 'tools'],
  // Exception: home-chat/ is not in the STYLE table. It is the page's chat with the home: a physical model (a
  // backend, passed in) answering with the tool add-on's tools through the guard, so it sits beside mcp/ as another
  // way into tools/; it needs backends/' and conversation/'s types to stream the model's answer.
  'home-chat': ['tools', 'backends', 'conversation', 'common'],
  // Exception: metrics/ is not in the STYLE table. It holds the Prometheus registry (prom-client): cli/ creates it and
  // hands its functions to the parts that count; nothing imports it but cli/.
  metrics: ['common'],
  server: ['openai', 'ollama', 'assist', 'tools', 'mcp', 'home-chat', 'conversation', 'common'],
  // Exception: services/ is not in the STYLE table. It holds the product logic that combines storage/, tools/, Home
  // Assistant's clients, HA-Assist and the backends (the connections and their readers, the limits file, readiness,
  // the page's playground, `hearth voice`'s runs), which cli/ used to hold because only cli/ could combine them; cli/
  // now parses arguments and wires. It may import what it combines, and server/'s types for what it hands server/. No
  // folder's row lists services/, so only cli/ imports it (issue 27).
  services: [
    'storage',
    'tools',
    'homeassistant',
    'assist',
    'backends',
    'home-chat',
    'demo-home',
    'metrics',
    'openai',
    'server',
    'audio',
    'conversation',
    'common',
  ],
  // Exception: demo-home/ is not in the STYLE table. It holds the product's demo home for
  // `hearth ask --home demo`, written in homeassistant/request's home model (its types and `pyFloat`), so
  // it depends on homeassistant/ and common/. The test and benchmark homes live in test/fixtures/homes/.
  'demo-home': ['common', 'homeassistant'],
  // Exception: audio/ reads WAV files and frames PCM: pure functions that cli/ uses; STYLE has no row for it.
  audio: ['common'],
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
      // homeassistant/request/ is entered through its own index.ts: it is the part of homeassistant/ that
      // assist/ may call (the rule below), which a single homeassistant/index.ts could not tell apart.
      comment: 'import another folder only through its index.ts (STYLE.md §2)',
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/', pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$', '^src/homeassistant/request/index\\.ts$'] },
    },
    {
      name: 'assist-types-only',
      // Reason for the exception: homeassistant/request/ holds pure functions (reading and writing HA's
      // request text: no I/O, no clock, no state), so there is no implementation for cli/ to choose and
      // pass in; assist/ calls them directly. The rest of homeassistant/ (clients) stays types only.
      comment:
        'assist/ may import only the types and interfaces of backends/ and homeassistant/, and the pure format functions of homeassistant/request/',
      severity: 'error',
      from: { path: '^src/assist/' },
      to: {
        path: '^src/(backends|homeassistant)/',
        pathNot: '^src/homeassistant/request/index\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'home-chat-types-only',
      comment: 'home-chat/ is given its model: it may import only the types and interfaces of backends/',
      severity: 'error',
      from: { path: '^src/home-chat/' },
      to: { path: '^src/backends/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'storage-types-only',
      comment: 'storage/ implements the interfaces tools/ declares: it may import their types, never their code',
      severity: 'error',
      from: { path: '^src/storage/' },
      to: { path: '^src/tools/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'cli-wires-storage-and-home-assistant',
      // cli/ parses arguments and wires (issue 27): it constructs the data folder, the stores and Home Assistant's
      // clients in its wiring files and passes them in; what combines them is services/'. Elsewhere in cli/ (the
      // terminal views of `hearth voice`), only their types.
      comment:
        'cli/ imports storage/ and homeassistant/ code only in its wiring files (data-folder, tool-add-on, voice-connection, wire*)',
      severity: 'error',
      from: { path: '^src/cli/', pathNot: '^src/cli/(data-folder|tool-add-on|voice-connection|wire[a-z-]*)\\.ts$' },
      to: { path: '^src/(storage|homeassistant)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-server-types-only',
      comment: 'services/ hands server/ what it serves: it may import only the types and interfaces of server/',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
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
