/**
 * The house plan, enforced by `npm run lint`: every import points down a layer, and no files import
 * each other in a loop (the tests and their kit included: the lint cruises test/ too).
 * docs/architecture.md ("Layers") says what each layer holds and why.
 *
 * From the bottom up:
 *   ground    the clock, money, the logger, locks, loop turns, config, the writes behind an answer
 *             (late-writes), the texts in every language (i18n/) and the store whole (store/: its
 *             opener, lock, JSON codec and compare-and-set, and the Redis connection plumbing every
 *             Redis client shares): nothing of the domain
 *   media     the Media API client, its schemas, errors and the in-process rate limiter
 *   catalog   models, validation, prices
 *   quota     allowances, reservations, the journal and ledger
 *   jobs      submission, intents, recovery, the poller, delivery, confirmations (their ports:
 *             JobMessenger, DeliveryQuota, the poller's lease, claims)
 *   results   the results index the web searches (its contract, the SQLite FTS5 index, the
 *             backfill) and the port of who may see what in a server (ServerAccess)
 *   ops       /healthz, /metrics, alerts
 *   adapters  redis/ (several processes), discord/ (the Discord edge), sim/ (the simulator),
 *             web/ (the web side: sign-in, the gallery);
 *             each implements ports from below and none imports another
 *   commands  the command definitions and their thin handlers
 *   entry     main.ts, app.ts, wiring/, the deploy script, the benchmark
 * Type-only imports count: a type that points up is an arrow up.
 *
 * Beside the bot: testkit/ holds what the tests and the benchmark share (the fake Discord, the ids,
 * the redis-server runner, a bot's environment); test/ is the tests' own. The bot never imports
 * either, the benchmark and the kit never import test/ (nor the kit the benchmark).
 */
const GROUND =
  '^src/(clock|money|log|locks|loop-turns|late-writes|http-agent|config)[.]ts$|^src/net/|^src/i18n/|^src/store/';
/** Each file matches one layer's pattern at most: a layer is a folder, or a few files at src/'s top. */
const LAYERS = [
  ['ground', GROUND],
  ['media', '^src/media/'],
  ['catalog', '^src/catalog/'],
  ['quota', '^src/quota/'],
  ['jobs', '^src/jobs/'],
  ['results', '^src/results/'],
  ['ops', '^src/ops/'],
  ['adapters', '^src/(redis|discord|sim|web)/'],
  ['commands', '^commands/'],
  ['entry', '^src/(main|app|deploy-commands)[.]ts$|^src/wiring/|^bench/|^scripts/'],
];

/** One rule per layer: nothing in it imports a layer above it. */
const upward = LAYERS.slice(0, -1).map(([name, path], i) => ({
  name: `${name}-imports-only-down`,
  comment: `${name} may import only itself and the layers below it`,
  severity: 'error',
  from: { path },
  to: {
    path: LAYERS.slice(i + 1)
      .map(([, p]) => p)
      .join('|'),
  },
}));

/** The adapters are siblings: Redis, Discord and the simulator do not import each other. */
const ADAPTERS = ['redis', 'discord', 'sim', 'web'];
const siblings = ADAPTERS.map((name) => ({
  name: `${name}-imports-no-other-adapter`,
  comment: `src/${name}/ implements ports from below; it does not reach into another adapter`,
  severity: 'error',
  from: { path: `^src/${name}/` },
  to: { path: `^src/(${ADAPTERS.filter((a) => a !== name).join('|')})/` },
}));

/**
 * The rooms of src/discord/ point down too (docs/architecture.md, "Rooms"): the interaction
 * plumbing, then the views, then the generation path, then the gateway's client.
 */
const ROOMS = ['interactions', 'views', 'generation', 'gateway'];
const rooms = ROOMS.slice(0, -1).map((name, i) => ({
  name: `discord-${name}-imports-only-down`,
  comment: `src/discord/${name}/ may import only itself and the rooms listed before it: ${ROOMS.slice(0, i).join(', ') || 'none'}`,
  severity: 'error',
  from: { path: `^src/discord/${name}/` },
  to: { path: `^src/discord/(${ROOMS.slice(i + 1).join('|')})/` },
}));

/** What the tests keep to themselves, and what only tests and the benchmark may use. */
const apart = [
  {
    name: 'bot-imports-no-test-code',
    comment: 'src/ and commands/ are the bot: they never import the tests, their kit or the benchmark',
    severity: 'error',
    from: { path: '^(src|commands)/' },
    to: { path: '^(test|testkit|bench)/' },
  },
  {
    name: 'bench-imports-no-test',
    comment: 'what the benchmark shares with the tests lives in testkit/, not test/',
    severity: 'error',
    from: { path: '^bench/' },
    to: { path: '^test/' },
  },
  {
    name: 'testkit-imports-no-test-or-bench',
    comment: 'testkit/ serves the tests and the benchmark; it imports neither',
    severity: 'error',
    from: { path: '^testkit/' },
    to: { path: '^(test|bench)/' },
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'files that import each other, directly or through others',
      severity: 'error',
      from: { path: '^(src|commands|bench|scripts|testkit|test)/' },
      to: { circular: true },
    },
    ...upward,
    ...siblings,
    ...rooms,
    ...apart,
  ],
  options: {
    doNotFollow: { path: '^node_modules/' },
    exclude: { path: '^node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
