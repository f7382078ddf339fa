/**
 * The gallery benchmark's dashboard section (issue 33: p95 ≤ 100 ms server time for the dashboard
 * of a server of 5,000 members and 100,000 ledger entries). The bench server's quota is seeded with
 * dashboard-seed.ts into the store the bot reads it from (the SQLite file's `quota` and
 * `quota-ledger` namespaces, or Redis's `quota:` keys through the bot's own backend), the 5,000
 * members and a few admins (Manage Server) are added to the fake Discord's server with usernames
 * (the pages ask Discord for the names they show), then the bot is started with the web and the
 * admins, signed in over HTTP, ask for the page (30 and 90 days), the chart's figures (90 days) and
 * members pages (the first and the 100th, by spend and by last generation), paced: each admin about
 * one request a second. The first request of each kind is reported apart: the very first is the
 * digest's first build from the whole ledger (quota/dashboard.ts), the first members pages are the
 * names not yet asked of Discord. Server time from Server-Timing; wall time as the benchmark's
 * client sees it. Figures only, nothing asserted.
 */

import { createLogger } from '../src/log.ts';
import { KeyvQuotaBackend } from '../src/quota/backend.ts';
import { openQuotaBackend } from '../src/redis/open-quota-backend.ts';
import { isRedisUrl, openStore } from '../src/store/open.ts';
import type { FakeDiscord, FakeRoleSpec } from '../testkit/fake-discord.ts';
import { ADMIN } from '../testkit/ids.ts';
import { signInOverHttp } from '../testkit/web-sign-in.ts';
import { seedDashboardLedger } from './dashboard-seed.ts';
import { type Spread, spread } from './statistics.ts';
import { rssMb, startBot, stop } from './web-bot.ts';

const ENTRIES = Number(process.env.DASHBOARD_ENTRIES ?? 100_000);
const MEMBERS = 5_000;
/** Admins are few: ada of the test kit's ids and three more, each with Manage Server. */
const ADMIN_IDS = [ADMIN, '1399000000000300001', '1399000000000300002', '1399000000000300003'];
const ROUNDS = Number(process.env.DASHBOARD_ROUNDS ?? 10);
/** Between an admin's requests (uniform around it): one request about every second each. */
const PACE_MS = 1_000;
/** What admin-data.ts keeps the account's figures for (ACCOUNT_KEPT_MS), to tell which pages paid for them. */
const ACCOUNT_KEPT_MS = 15_000;
export const TARGET_P95_MS = 100;
/** The role the admins hold (Manage Server), in the gallery's server from its start, held by nobody until now. */
export const ADMINS_ROLE: FakeRoleSpec = {
  id: '1399000000000200002',
  name: 'admins',
  permissions: String(1n << 5n),
};

export type DashKind =
  | 'page30'
  | 'page90'
  | 'spend90'
  | 'members1Spent'
  | 'members100Spent'
  | 'members1Last'
  | 'members100Last';
export const DASH_KINDS: DashKind[] = [
  'page30',
  'page90',
  'spend90',
  'members1Spent',
  'members100Spent',
  'members1Last',
  'members100Last',
];
const LABEL: Record<DashKind, string> = {
  page30: 'page ?days=30',
  page90: 'page ?days=90',
  spend90: 'spend.json?days=90',
  members1Spent: 'members page 1, sort=spent',
  members100Spent: 'members page 100, sort=spent',
  members1Last: 'members page 1, sort=last',
  members100Last: 'members page 100, sort=last',
};

function pathOf(guildId: string, kind: DashKind): string {
  const admin = `/servers/${guildId}/admin`;
  switch (kind) {
    case 'page30':
      return `${admin}?days=30`;
    case 'page90':
      return `${admin}?days=90`;
    case 'spend90':
      return `${admin}/spend.json?days=90`;
    case 'members1Spent':
      return `${admin}/members?page=1&sort=spent`;
    case 'members100Spent':
      return `${admin}/members?page=100&sort=spent`;
    case 'members1Last':
      return `${admin}/members?page=1&sort=last`;
    case 'members100Last':
      return `${admin}/members?page=100&sort=last`;
  }
}

interface Timed {
  server: number;
  wall: number;
}

export interface DashboardFigures {
  engine: 'sqlite' | 'redis';
  entries: number;
  members: number;
  admins: number;
  seedSeconds: number;
  /** The first request of each kind, one admin, one after the other, page30 first (the digest's build). */
  first: Record<DashKind, Timed>;
  /** Every admin ROUNDS of each kind, paced; the first requests above not in them. */
  paced: Record<DashKind, { server: Spread; wall: Spread }>;
  /** Of the paced pages (both spans), those that asked the service for the account (kept 15 s), and the rest. */
  pagesAskingAccount: { server: Spread; wall: Spread };
  pagesKeptAccount: { server: Spread; wall: Spread };
  pacedPerSecond: number;
  rssAfterMb: number;
}

const silent = createLogger({ level: 'silent' });

/** The ledger and the quota's values written where the bot will read them, before it starts. */
async function seedQuota(storeUrl: string, guildId: string): Promise<{ entries: number; members: string[] }> {
  const options = { guildId, members: MEMBERS, entries: ENTRIES, now: Date.now() };
  if (isRedisUrl(storeUrl)) {
    const backend = await openQuotaBackend(storeUrl, { log: silent });
    if (!backend) throw new Error('no quota backend on Redis');
    try {
      return await seedDashboardLedger(backend.plain, options);
    } finally {
      await backend.close();
    }
  }
  const store = await openStore(storeUrl);
  try {
    const backend = new KeyvQuotaBackend({
      state: store.namespace('quota'),
      ledger: store.namespace('quota-ledger'),
    });
    return await seedDashboardLedger(backend.plain, options);
  } finally {
    await store.close();
  }
}

async function ask(site: string, session: string, path: string): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(`${site}${path}`, { headers: { cookie: `session=${session}` } });
  await response.arrayBuffer();
  const wall = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const dur = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
  if (!dur) throw new Error(`${path} stated no Server-Timing`);
  return { server: Number(dur), wall };
}

const both = (t: Timed[]) => ({ server: spread(t.map((x) => x.server)), wall: spread(t.map((x) => x.wall)) });

/**
 * Seeds the quota of `guildId` in the store at `storeUrl`, adds its members and admins to the fake
 * Discord, starts the bot with `env` (the web on) and measures. The bot must not be running.
 */
export async function measureDashboard(o: {
  engine: 'sqlite' | 'redis';
  storeUrl: string;
  discord: FakeDiscord;
  guildId: string;
  env: Record<string, string>;
}): Promise<DashboardFigures> {
  const { engine, discord, guildId } = o;
  let started = performance.now();
  const seed = await seedQuota(o.storeUrl, guildId);
  const seedSeconds = (performance.now() - started) / 1000;
  console.log(
    `  [${engine}] seeded ${seed.entries} ledger entries of ${MEMBERS} members in ${seedSeconds.toFixed(0)} s`,
  );
  // No bot is connected: the fake sends no GUILD_MEMBER_ADD, the bot's start sees them all.
  for (const [i, userId] of seed.members.entries())
    await discord.addMember(guildId, { userId, username: `spender${i}` });
  for (const [i, userId] of ADMIN_IDS.entries())
    await discord.addMember(guildId, {
      userId,
      username: i === 0 ? 'ada' : `admin${i}`,
      roles: [ADMINS_ROLE.id],
    });

  const bot = startBot(o.env);
  try {
    const site = String((await bot.line('the web side is listening')).publicUrl);
    const sessions: string[] = [];
    for (const admin of ADMIN_IDS) sessions.push(await signInOverHttp(site, discord, admin));

    // The first of each kind, alone: the digest's first build, then the names not yet asked.
    const first = {} as Record<DashKind, Timed>;
    let accountAt = performance.now();
    for (const kind of DASH_KINDS)
      first[kind] = await ask(site, sessions[0] as string, pathOf(guildId, kind));

    const times = Object.fromEntries(DASH_KINDS.map((k) => [k, [] as Timed[]])) as Record<DashKind, Timed[]>;
    const asking: Timed[] = [];
    const kept: Timed[] = [];
    started = performance.now();
    await Promise.all(
      sessions.map(async (session, a) => {
        for (let round = 0; round < ROUNDS; round++) {
          for (let k = 0; k < DASH_KINDS.length; k++) {
            // Each admin in another order, so that the kinds are asked at once by different admins.
            const kind = DASH_KINDS[(k + a * 2 + round) % DASH_KINDS.length] as DashKind;
            await new Promise((r) => setTimeout(r, PACE_MS * (0.5 + Math.random())));
            const sentAt = performance.now();
            // The same rule as admin-data.ts's accountOf, on this side's clock: the first page
            // 15 s after the last that asked asks the service again.
            const page = kind === 'page30' || kind === 'page90';
            const refreshes = page && sentAt - accountAt >= ACCOUNT_KEPT_MS;
            if (refreshes) accountAt = sentAt;
            const t = await ask(site, session, pathOf(guildId, kind));
            times[kind].push(t);
            if (page) (refreshes ? asking : kept).push(t);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rssAfterMb = rssMb(bot.child.pid ?? 0);
    return {
      engine,
      entries: seed.entries,
      members: MEMBERS,
      admins: ADMIN_IDS.length,
      seedSeconds,
      first,
      paced: Object.fromEntries(DASH_KINDS.map((k) => [k, both(times[k])])) as DashboardFigures['paced'],
      pagesAskingAccount: both(asking),
      pagesKeptAccount: both(kept),
      pacedPerSecond: (ROUNDS * DASH_KINDS.length * sessions.length) / seconds,
      rssAfterMb,
    };
  } finally {
    await stop(bot.child);
  }
}

export function dashboardTable(figures: DashboardFigures[]): string {
  const ms = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} ms`);
  const mark = (v: number | null) => (v !== null && v <= TARGET_P95_MS ? '✓' : '✗');
  const f0 = figures[0];
  const rows = figures.flatMap((f) =>
    DASH_KINDS.map((k) => {
      const c = f.first[k];
      const p = f.paced[k];
      return `| ${f.engine} | ${LABEL[k]} | ${ms(c.server)} / ${ms(c.wall)} | ${ms(p.server.p50)} | ${ms(p.server.p95)} ${mark(p.server.p95)} | ${ms(p.server.max)} | ${ms(p.wall.p50)} | ${ms(p.wall.p95)} |`;
    }),
  );
  const account = figures.flatMap((f) => [
    `| ${f.engine} | asked the service (every 15 s) | ${f.pagesAskingAccount.server.n} | ${ms(f.pagesAskingAccount.server.p50)} | ${ms(f.pagesAskingAccount.server.max)} |`,
    `| ${f.engine} | kept | ${f.pagesKeptAccount.server.n} | ${ms(f.pagesKeptAccount.server.p50)} | ${ms(f.pagesKeptAccount.server.max)} |`,
  ]);
  const other = figures.map(
    (f) =>
      `| ${f.engine} | ${f.seedSeconds.toFixed(0)} s | ${f.pacedPerSecond.toFixed(1)} | ${f.rssAfterMb.toFixed(0)} MB |`,
  );
  return [
    `Dashboard: ${(f0?.entries ?? ENTRIES).toLocaleString('en-US')} ledger entries of ${MEMBERS.toLocaleString('en-US')} members in the same server, ${f0?.admins ?? ADMIN_IDS.length} admins signed in, each ${ROUNDS} requests of each kind, paced (about one a second each). First: the first request of each kind, one admin, one after the other (the first page builds the digest from the whole ledger; the first members pages ask Discord for 25 names). Server time (Server-Timing) / wall time (this client). The pages include the account's figures from the service (the built-in simulator here), asked again every 15 s. Target (paced): p95 ≤ ${TARGET_P95_MS} ms server time.`,
    '',
    '| engine | request | first: server / wall | paced p50 | paced p95 | paced max | wall p50 | wall p95 |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '| engine | paced pages whose account was | pages | server p50 | server max |',
    '|---|---|---|---|---|',
    ...account,
    '',
    '| engine | seeding the quota | answers/s paced | RSS after the load |',
    '|---|---|---|---|',
    ...other,
  ].join('\n');
}
