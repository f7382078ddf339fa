/**
 * What the dashboard's pages read, gathered in one place so a page re-drawn after a refused form
 * shows the same as the page itself: the settings, the server's channels and roles, the names of
 * the members a page shows, the spend, the top spenders, the latest changes, and the shared
 * account (kept a few seconds: it costs requests of the service's shared budget).
 */

import { type BalanceFigures, balanceFigures } from '../quota/account-figures.ts';
import { ledgerChargedMicros } from '../quota/drift.ts';
import type { AuditRecord } from '../quota/rule-fields.ts';
import { defaultAllowance, type GuildSettings } from '../quota/settings.ts';
import type { MemberRow, ServerSpend } from '../quota/types.ts';
import type { MemberProfile, ServerDirectory } from '../results/server-access.ts';
import type { WebDeps } from './context.ts';
import { membersNamedIn } from './views/audit-view.ts';

/** How long the account's figures are kept before the service is asked again. */
const ACCOUNT_KEPT_MS = 15_000;
/** Rows of the dashboard's top spenders, and of its latest changes. */
export const TOP_ROWS = 10;
/** Discord answers at most this many profiles at once (ServerAccess.profiles). */
const MAX_PROFILES = 100;

export interface DashboardData {
  settings: GuildSettings;
  directory: ServerDirectory | null;
  spend: ServerSpend;
  top: MemberRow[];
  audit: AuditRecord[];
  profiles: Map<string, MemberProfile>;
  account: BalanceFigures;
}

/** Names for every member these ids name (Discord's, at most 100 at once). */
export async function profilesOf(
  deps: WebDeps,
  guildId: string,
  ids: Iterable<string>,
): Promise<Map<string, MemberProfile>> {
  const unique = [...new Set(ids)].slice(0, MAX_PROFILES);
  return unique.length === 0 ? new Map() : deps.access.profiles(guildId, unique);
}

/** The account's figures kept per web side (its quota), by server, period and budget. */
const kept = new WeakMap<WebDeps['quota'], Map<string, { at: number; figures: Promise<BalanceFigures> }>>();

/**
 * The shared account and this server's spend in its period, as /balance shows them. Kept a few
 * seconds by server, period and budget: a change of either is shown at once.
 */
export function accountOf(deps: WebDeps, guildId: string, settings: GuildSettings): Promise<BalanceFigures> {
  const now = deps.clock.now();
  let accounts = kept.get(deps.quota);
  if (!accounts) {
    accounts = new Map();
    kept.set(deps.quota, accounts);
  }
  const { period } = defaultAllowance(settings, deps.quota.defaults);
  const key = `${guildId}:${period}:${settings.budgetMicros}`;
  const found = accounts.get(key);
  if (found && now - found.at < ACCOUNT_KEPT_MS) return found.figures;
  const at = new Date(now);
  const figures = deps.quota.ledger.forPeriod(guildId, period, at).then((entries) =>
    balanceFigures(
      { ...deps.quota.account, quotaLedger: deps.quota.ledger },
      {
        guildId,
        period,
        at,
        serverMicros: ledgerChargedMicros(entries),
        budgetMicros: settings.budgetMicros,
        botGuildIds: deps.quota.botGuildIds(),
      },
      'the dashboard',
    ),
  );
  accounts.set(key, { at: now, figures });
  // A failure is not kept: the next page asks again.
  const held = accounts;
  figures.catch(() => held.delete(key));
  // A few servers' figures at most: the oldest go first.
  if (accounts.size > 100) accounts.delete(accounts.keys().next().value as string);
  return figures;
}

export async function dashboardData(deps: WebDeps, guildId: string, days: number): Promise<DashboardData> {
  const q = deps.quota;
  const settings = await q.admin.getSettings(guildId);
  const [directory, spend, top, audit, account] = await Promise.all([
    deps.access.directory(guildId),
    q.dashboard.spend(guildId, days),
    q.dashboard.members(guildId, { sort: 'spent', page: 1, pageSize: TOP_ROWS }),
    q.admin.auditPage(guildId, { limit: TOP_ROWS }),
    accountOf(deps, guildId, settings),
  ]);
  const profiles = await profilesOf(deps, guildId, [
    ...top.rows.map((r) => r.userId),
    ...spend.byMember.keys,
    ...audit.records.flatMap(membersNamedIn),
    ...Object.keys(settings.overrides),
  ]);
  return { settings, directory, spend, top: top.rows, audit: audit.records, profiles, account };
}
