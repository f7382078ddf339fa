/**
 * `npm run bench:gallery`: the web side's gallery under load. 100,000 results from 500 members in
 * one server, seeded straight into the results index (SQLite beside the store, then Redis), the bot
 * started in its own process with the web on, 20 members signed in over HTTP (the fake Discord's
 * OAuth2), then each of them asking, at once, for the first page, a search of one word and a search
 * of three words with a model filter, ROUNDS times each. The figure is the server time each answer
 * states (Server-Timing), so the benchmark's own HTTP client is not in it. The bot's RSS after the
 * load is set beside the same run without the web (WEB_PORT unset, the same index, the same wait).
 * Then the admins' dashboard of the same server, its quota seeded with 100,000 ledger entries of
 * 5,000 members (gallery-dashboard.ts). Prints markdown tables and writes them, with the figures,
 * under bench/results/gallery-latest.*. Targets are reported, never asserted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PermissionFlagsBits } from 'discord.js';
import { createLogger } from '../src/log.ts';
import { openRedisResultsIndex } from '../src/redis/results-index.ts';
import type { IndexedResult, ResultsIndex } from '../src/results/result.ts';
import { resultsFileBeside } from '../src/results/results-file.ts';
import { SqliteResultsIndex } from '../src/results/sqlite-index.ts';
import { fold } from '../src/results/words.ts';
import { type FakeDiscord, type FakeGuildSpec, startFakeDiscord } from '../testkit/fake-discord.ts';
import { type RedisServer, startRedisServer } from '../testkit/redis-server.ts';
import { describeGallery, seedResults } from '../testkit/results-seed.ts';
import { signInOverHttp } from '../testkit/web-sign-in.ts';
import { ADMINS_ROLE, type DashboardFigures, dashboardTable, measureDashboard } from './gallery-dashboard.ts';
import { type Spread, spread } from './statistics.ts';
import { rssMb, startBot, stop } from './web-bot.ts';

const RESULTS = Number(process.env.GALLERY_RESULTS ?? 100_000);
const MEMBERS = 500;
const CHANNELS = 40;
/** Channels only a role may view (the rest: everyone): the visibility filter does real work. */
const RESTRICTED = 5;
const BROWSERS = 20;
const ROUNDS = 10;
/**
 * Between a member's requests in the paced load (uniform around it): a member reads a page before
 * the next, so 20 members ask about 20 pages a second. The saturated load asks with no pause: what
 * the process serves at most, and how long an answer waits behind the others then.
 */
const PACE_MS = 1_000;
const TARGET_P95_MS = 50;
const TARGET_RSS_MB = 30;
const OUT = fileURLToPath(new URL('./results/', import.meta.url));

type Kind = 'page' | 'oneWord' | 'threeWordsModel';
const KINDS: Kind[] = ['page', 'oneWord', 'threeWordsModel'];

interface EngineFigures {
  engine: 'sqlite' | 'redis';
  seedSeconds: number;
  /** Each member a request about every PACE_MS: the figures the targets are for. */
  paced: Record<Kind, Spread>;
  /** No pause: the most the process answers, and the wait behind the others. */
  saturated: Record<Kind, Spread>;
  pacedPerSecond: number;
  saturatedPerSecond: number;
  rssWithWebMb: number;
  rssWithoutWebMb: number;
  /** The admins' dashboard of the same server (gallery-dashboard.ts), after the gallery's figures. */
  dashboard: DashboardFigures;
}

const silent = createLogger({ level: 'silent' });

/** The server as the fake Discord serves it: 500 members, 40 channels, 5 for the role only. */
function guildSpec(): FakeGuildSpec & { patron: string } {
  const g = describeGallery({ results: RESULTS, members: MEMBERS, channels: CHANNELS });
  const patron = '1399000000000200001';
  return {
    id: g.guildId,
    name: 'Bench Gallery',
    patron,
    // The first member is the owner (sees all); the browsing members are the next ones.
    channels: g.channelIds.map((id, i) => ({
      id,
      name: `channel-${i}`,
      ...(i >= CHANNELS - RESTRICTED
        ? {
            overwrites: [
              { id: g.guildId, type: 0, allow: '0', deny: String(PermissionFlagsBits.ViewChannel) },
              { id: patron, type: 0, allow: String(PermissionFlagsBits.ViewChannel), deny: '0' },
            ],
          }
        : {}),
    })),
    roles: [{ id: patron, name: 'patrons' }, ADMINS_ROLE],
    members: g.memberIds.map((userId, i) => ({
      userId,
      username: `member${i}`,
      ...(i % 2 === 0 ? { roles: [patron] } : {}),
    })),
  };
}

/** Searches drawn from what was seeded: a common word, and three words of one prompt with its model. */
async function searchesOf(
  index: ResultsIndex,
  guildId: string,
  channels: string[],
): Promise<{ one: string[]; three: [string, string][] }> {
  const page = await index.search({ guildId, viewableChannelIds: new Set(channels), limit: 100 });
  const words = (r: IndexedResult) =>
    fold(r.prompt)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 3);
  const one = page.results.map((r) => words(r)[0]).filter((w): w is string => Boolean(w));
  const three = page.results
    .map((r) => [words(r).slice(0, 3).join(' '), r.model] as [string, string])
    .filter(([q]) => q.split(' ').length === 3);
  return { one, three };
}

async function runEngine(engine: 'sqlite' | 'redis'): Promise<EngineFigures> {
  const dir = mkdtempSync(join(tmpdir(), `bench-gallery-${engine}-`));
  let redis: RedisServer | undefined;
  const spec = guildSpec();
  const discord: FakeDiscord = await startFakeDiscord({ guilds: [spec] });
  try {
    const storeFile = join(dir, 'bot.sqlite');
    let storeUrl = `sqlite://${storeFile}`;
    let index: ResultsIndex;
    if (engine === 'redis') {
      redis = await startRedisServer();
      storeUrl = `${redis.url}/0`;
      index = await openRedisResultsIndex(storeUrl, silent);
    } else {
      index = await SqliteResultsIndex.open(resultsFileBeside(storeFile));
    }
    const seedStarted = performance.now();
    const gallery = await seedResults(index, { results: RESULTS, members: MEMBERS, channels: CHANNELS });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const searches = await searchesOf(index, gallery.guildId, gallery.channelIds);
    await index.close();
    console.log(`  [${engine}] seeded ${RESULTS} results in ${seedSeconds.toFixed(0)} s`);

    const base = {
      DISCORD_TOKEN: discord.botToken,
      DISCORD_API_URL: discord.apiUrl,
      STORE_URL: storeUrl,
      LOG_LEVEL: 'info',
    };
    const web = {
      ...base,
      WEB_PORT: '0',
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_OAUTH_AUTHORIZE_URL: discord.oauthAuthorizeUrl,
    };
    // With the web: sign in, then load.
    const withWeb = startBot(web);
    const listening = await withWeb.line('the web side is listening');
    const site = String(listening.publicUrl);
    const browsers = gallery.memberIds.slice(1, BROWSERS + 1);
    const sessions: string[] = [];
    for (const member of browsers) sessions.push(await signInOverHttp(site, discord, member));
    const address = (kind: Kind, i: number): string => {
      if (kind === 'page') return `/servers/${gallery.guildId}`;
      if (kind === 'oneWord')
        return `/servers/${gallery.guildId}?q=${encodeURIComponent(searches.one[i % searches.one.length] ?? 'fox')}`;
      const [q, model] = searches.three[i % searches.three.length] ?? ['red fox snow', 'lang-4o-image'];
      return `/servers/${gallery.guildId}?q=${encodeURIComponent(q)}&model=${encodeURIComponent(model)}`;
    };
    /** Every member's ROUNDS of each kind at once; `paceMs` between a member's requests. */
    const load = async (paceMs: number) => {
      const times: Record<Kind, number[]> = { page: [], oneWord: [], threeWordsModel: [] };
      const started = performance.now();
      await Promise.all(
        sessions.map(async (session, b) => {
          for (let round = 0; round < ROUNDS; round++) {
            for (const kind of KINDS) {
              if (paceMs > 0) await new Promise((r) => setTimeout(r, paceMs * (0.5 + Math.random())));
              const response = await fetch(`${site}${address(kind, b * ROUNDS + round)}`, {
                headers: { cookie: `session=${session}` },
              });
              await response.arrayBuffer();
              if (response.status !== 200) throw new Error(`${kind} answered ${response.status}`);
              const dur = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
              if (dur) times[kind].push(Number(dur));
            }
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const answers = KINDS.reduce((n, k) => n + times[k].length, 0);
      return {
        server: {
          page: spread(times.page),
          oneWord: spread(times.oneWord),
          threeWordsModel: spread(times.threeWordsModel),
        },
        answersPerSecond: answers / seconds,
        seconds,
      };
    };
    const paced = await load(PACE_MS);
    const saturated = await load(0);
    const loadSeconds = paced.seconds + saturated.seconds;
    const rssWithWebMb = rssMb(withWeb.child.pid ?? 0);
    await stop(withWeb.child);

    // The same bot on the same index without the web, after as long a wait.
    const withoutWeb = startBot(base);
    await withoutWeb.line('bot ready');
    await new Promise((r) => setTimeout(r, Math.max(5_000, loadSeconds * 1000)));
    const rssWithoutWebMb = rssMb(withoutWeb.child.pid ?? 0);
    await stop(withoutWeb.child);

    // The admins' dashboard of the same server, its quota seeded now: the figures above are the
    // gallery's alone, as before.
    const dashboard = await measureDashboard({
      engine,
      storeUrl,
      discord,
      guildId: gallery.guildId,
      env: web,
    });

    return {
      engine,
      seedSeconds,
      paced: paced.server,
      saturated: saturated.server,
      pacedPerSecond: paced.answersPerSecond,
      saturatedPerSecond: saturated.answersPerSecond,
      rssWithWebMb,
      rssWithoutWebMb,
      dashboard,
    };
  } finally {
    await discord.close().catch(() => undefined);
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function table(figures: EngineFigures[]): string {
  const ms = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} ms`);
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const label = { page: 'first page', oneWord: 'q: one word', threeWordsModel: 'q: three words + model' };
  const rows = figures.flatMap((f) =>
    KINDS.map((k) => {
      const p = f.paced[k];
      const x = f.saturated[k];
      return `| ${f.engine} | ${label[k]} | ${ms(p.p50)} | ${ms(p.p95)} ${mark(p.p95 !== null && p.p95 <= TARGET_P95_MS)} | ${ms(x.p50)} | ${ms(x.p95)} |`;
    }),
  );
  const rss = figures.map(
    (f) =>
      `| ${f.engine} | ${f.rssWithWebMb.toFixed(0)} MB | ${f.rssWithoutWebMb.toFixed(0)} MB | ${(f.rssWithWebMb - f.rssWithoutWebMb).toFixed(0)} MB ${mark(f.rssWithWebMb - f.rssWithoutWebMb <= TARGET_RSS_MB)} | ${f.pacedPerSecond.toFixed(0)} / ${f.saturatedPerSecond.toFixed(0)} | ${f.seedSeconds.toFixed(0)} s |`,
  );
  return [
    `Gallery: ${RESULTS.toLocaleString('en-US')} results from ${MEMBERS} members in one server (${CHANNELS} channels, ${RESTRICTED} for a role), ${BROWSERS} members at once, ${ROUNDS} requests of each kind each; server time from Server-Timing. Paced: each member a request about every ${PACE_MS / 1000} s; saturated: no pause. Targets (paced): p95 ≤ ${TARGET_P95_MS} ms, RSS ≤ ${TARGET_RSS_MB} MB above the bot without the web.`,
    '',
    '| engine | request | paced p50 | paced p95 | saturated p50 | saturated p95 |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    '| engine | RSS with the web, after the load | RSS without the web | difference | answers/s paced / saturated | seeding |',
    '|---|---|---|---|---|---|',
    ...rss,
  ].join('\n');
}

const engines = process.argv.slice(2).filter((a) => a === 'sqlite' || a === 'redis') as (
  | 'sqlite'
  | 'redis'
)[];
const figures: EngineFigures[] = [];
for (const engine of engines.length > 0 ? engines : (['sqlite', 'redis'] as const)) {
  console.log(`▶ gallery on ${engine}`);
  figures.push(await runEngine(engine));
}
const md = `${table(figures)}\n\n${dashboardTable(figures.map((f) => f.dashboard))}`;
console.log(md);
writeFileSync(
  join(OUT, 'gallery-latest.json'),
  `${JSON.stringify({ generatedAt: new Date().toISOString(), figures }, null, 2)}\n`,
);
writeFileSync(join(OUT, 'gallery-latest.md'), `${md}\n`);
process.exit(0);
