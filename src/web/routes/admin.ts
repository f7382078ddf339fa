/**
 * The admins' pages of a server: the dashboard (`/servers/<id>/admin`), the members table and a
 * member's page, the audit log, the ledger as CSV (`report.csv?days=N`, /quota report's rows) and
 * the chart's figures (`spend.json?days=N`). Each asks Discord whether the member manages the
 * server now (admin-access.ts); anyone else gets 404 at every one of them.
 */
import type { Context, Hono } from 'hono';
import type { Localizer } from '../../i18n/index.ts';
import { defaultAllowance } from '../../quota/settings.ts';
import {
  buildSpendReport,
  DEFAULT_REPORT_DAYS,
  MAX_REPORT_DAYS,
  namedInCsv,
  reportDays,
  spendCsv,
} from '../../quota/spend-report.ts';
import type { MemberSort } from '../../quota/types.ts';
import type { MemberAccess } from '../../results/server-access.ts';
import { memberOf } from '../admin-access.ts';
import { dashboardData, profilesOf } from '../admin-data.ts';
import type { WebDeps, WebEnv } from '../context.ts';
import { formTokenMatches, fromThisSite } from '../security.ts';
import { type Notice, namesOf } from '../views/admin-bits.ts';
import { DASHBOARD_DAYS, dashboardPage } from '../views/admin-page.ts';
import { auditPage, membersNamedIn } from '../views/audit-view.ts';
import { messagePage, type Viewer } from '../views/layout.ts';
import { memberPage } from '../views/member-page.ts';
import { membersPage } from '../views/members-view.ts';
import type { RulesView, Typed } from '../views/rules-forms.ts';
import { notFound } from './not-found.ts';
import { savedNotice } from './saved-notice.ts';

const SNOWFLAKE = /^\d{17,20}$/;
const MEMBERS_PAGE = 25;
const AUDIT_PAGE = 50;
/** Members a name search asks Discord for (its search is by the name's start). */
const SEARCH_LIMIT = 100;

/** The page's span: one of the three it offers, 30 days otherwise. */
function pageDays(value: string | undefined): number {
  const n = Number(value);
  return (DASHBOARD_DAYS as readonly number[]).includes(n) ? n : DEFAULT_REPORT_DAYS;
}

/** A report's span as /quota report takes it: 1 to 90 days, 30 by default; null when not a whole number in range. */
function reportSpan(value: string | undefined): number | null {
  if (value === undefined || value === '') return DEFAULT_REPORT_DAYS;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_REPORT_DAYS ? n : null;
}

export interface Admin {
  access: MemberAccess;
  viewer: Viewer;
  userId: string;
}

/** The signed-in admin of the server, or the answer to give instead (a redirect to sign in, or 404). */
export async function adminOf(c: Context<WebEnv>, deps: WebDeps): Promise<Admin | Response> {
  const signed = await memberOf(c, deps, c.req.param('guildId') ?? '', { admin: true });
  if ('response' in signed) return signed.response;
  return { access: signed.access, viewer: signed.viewer, userId: signed.session.userId };
}

/**
 * A POST to the dashboard: this site's Origin and the session's form token first (403, before
 * anything of the server is read), then the admin now (adminOf). The form read, or the answer.
 */
export async function adminPost(
  c: Context<WebEnv>,
  deps: WebDeps,
): Promise<{ a: Admin; form: Record<string, unknown> } | Response> {
  const l = c.get('l');
  const session = c.get('session');
  const form = await c.req.parseBody();
  if (
    !fromThisSite(c, new URL(deps.publicUrl).origin) ||
    !session ||
    !formTokenMatches(form._csrf, session.csrf)
  ) {
    return c.html(messagePage(l, l.t('web:errors.notFound'), l.t('web:errors.forbidden'), undefined), 403);
  }
  const a = await adminOf(c, deps);
  return a instanceof Response ? a : { a, form };
}

/** The dashboard, with a notice and the admin's typed values when a form was refused. */
export async function renderDashboard(
  c: Context<WebEnv>,
  deps: WebDeps,
  a: Admin,
  o: { days: number; notice?: Notice; typed?: Typed; status?: 200 | 400 | 409 | 503 },
): Promise<Response> {
  const l = c.get('l');
  const guildId = a.access.server.id;
  const data = await dashboardData(deps, guildId, o.days);
  const names = namesOf(data.directory, l, nameMap(data.profiles));
  const rules = rulesView(deps, a, { settings: data.settings, directory: data.directory, names }, o.typed);
  const notice = o.notice ?? savedFrom(c, l, { ...rules, memberName: undefined });
  return c.html(
    dashboardPage(l, a.viewer, {
      server: a.access.server,
      days: o.days,
      spend: data.spend,
      account: data.account,
      rules,
      members: {
        guildId,
        rows: data.top,
        profiles: data.profiles,
        settings: data.settings,
        defaults: deps.quota.defaults,
        names,
        modelLabel: deps.quota.modelLabel,
      },
      audit: {
        guildId,
        records: data.audit,
        names,
        defaultPeriod: defaultAllowance(data.settings, deps.quota.defaults).period,
      },
      ...(notice ? { notice } : {}),
    }),
    o.status ?? 200,
  ) as Response;
}

/** A member's page, with a notice and the admin's typed values when a form was refused. */
export async function renderMember(
  c: Context<WebEnv>,
  deps: WebDeps,
  a: Admin,
  userId: string,
  o: { notice?: Notice; typed?: Typed; status?: 200 | 400 | 409 | 503 } = {},
): Promise<Response> {
  const l = c.get('l');
  const guildId = a.access.server.id;
  const [settings, directory, profiles] = await Promise.all([
    deps.quota.admin.getSettings(guildId),
    deps.access.directory(guildId),
    profilesOf(deps, guildId, [userId]),
  ]);
  const profile = profiles.get(userId);
  // A member who left may still have figures and an allowance of their own: shown by id.
  if (!profile && !(userId in settings.overrides)) {
    const known = await deps.quota.dashboard.members(guildId, { sort: 'spent', page: 1, only: [userId] });
    if (known.rows.every((r) => r.spentMicros === 0 && r.lastGeneration === null))
      return notFound(c, a.viewer);
  }
  const summary = await deps.quota.service.summary({ guildId, userId, roleIds: profile?.roleIds ?? [] });
  const names = namesOf(directory, l, nameMap(profiles));
  const rules = rulesView(deps, a, { settings, directory, names }, o.typed);
  const name = profile?.displayName ?? userId;
  const notice = o.notice ?? savedFrom(c, l, { ...rules, memberName: name });
  return c.html(
    memberPage(l, a.viewer, {
      server: a.access.server,
      userId,
      name,
      summary,
      rules,
      names,
      ...(notice ? { notice } : {}),
    }),
    o.status ?? 200,
  ) as Response;
}

/** What the rules' forms are drawn from, with the admin's typed values after a refusal. */
function rulesView(
  deps: WebDeps,
  a: Admin,
  o: Pick<RulesView, 'settings' | 'directory' | 'names'>,
  typed: Typed | undefined,
): RulesView {
  return {
    guildId: a.access.server.id,
    csrf: a.viewer.csrf,
    defaults: deps.quota.defaults,
    ...o,
    ...(typed ? { typed } : {}),
  };
}

function nameMap(profiles: ReadonlyMap<string, { displayName: string }>): Map<string, string> {
  return new Map([...profiles].map(([id, p]) => [id, p.displayName]));
}

/** The notice of a change just saved (the address says which, after the form's redirect). */
function savedFrom(
  c: Context<WebEnv>,
  l: Localizer,
  v: Parameters<typeof savedNotice>[1] & { memberName: string | undefined },
): Notice | undefined {
  const saved = c.req.query('saved');
  return saved ? savedNotice(l, v, saved, c.req.query('subject') ?? '', v.memberName) : undefined;
}

export function adminRoutes(app: Hono<WebEnv>, deps: WebDeps): void {
  app.get('/servers/:guildId/admin', async (c) => {
    const a = await adminOf(c, deps);
    if (a instanceof Response) return a;
    return renderDashboard(c, deps, a, { days: pageDays(c.req.query('days')) });
  });

  app.get('/servers/:guildId/admin/spend.json', async (c) => {
    const a = await adminOf(c, deps);
    if (a instanceof Response) return a;
    const spend = await deps.quota.dashboard.spend(a.access.server.id, pageDays(c.req.query('days')));
    return c.json(spend);
  });

  app.get('/servers/:guildId/admin/report.csv', async (c) => {
    const a = await adminOf(c, deps);
    if (a instanceof Response) return a;
    const count = reportSpan(c.req.query('days'));
    if (count === null) return notFound(c, a.viewer);
    const guildId = a.access.server.id;
    // /quota report's very rows: the same ledger read, report and neutralising, and the same
    // members named (the biggest spenders, by their name in the server).
    const days = reportDays(count, deps.clock.now());
    const report = buildSpendReport(await deps.quota.ledger.since(guildId, days[0] ?? ''), days);
    const names = await deps.access.displayNames(guildId, namedInCsv(report));
    const csv = spendCsv(report, (userId) => names.get(userId));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="spend-${days[0]}-to-${days.at(-1)}.csv"`);
    return c.body(csv);
  });

  app.get('/servers/:guildId/admin/members', async (c) => {
    const a = await adminOf(c, deps);
    if (a instanceof Response) return a;
    const l = c.get('l');
    const guildId = a.access.server.id;
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    const sortParam = c.req.query('sort');
    const sort: MemberSort = sortParam === 'held' || sortParam === 'last' ? sortParam : 'spent';
    const pageNo = Math.max(1, Math.min(10_000, Math.floor(Number(c.req.query('page')) || 1)));
    const found = q ? await deps.access.searchMembers(guildId, q, SEARCH_LIMIT) : undefined;
    const [settings, directory, page] = await Promise.all([
      deps.quota.admin.getSettings(guildId),
      deps.access.directory(guildId),
      deps.quota.dashboard.members(guildId, {
        sort,
        page: pageNo,
        pageSize: MEMBERS_PAGE,
        ...(found ? { only: found.map((m) => m.userId) } : {}),
      }),
    ]);
    const profiles = found
      ? new Map(found.map((m) => [m.userId, m]))
      : await profilesOf(
          deps,
          guildId,
          page.rows.map((r) => r.userId),
        );
    return c.html(
      membersPage(l, a.viewer, {
        server: a.access.server,
        guildId,
        page,
        sort,
        q,
        rows: page.rows,
        profiles,
        settings,
        defaults: deps.quota.defaults,
        names: namesOf(directory, l, nameMap(profiles)),
        modelLabel: deps.quota.modelLabel,
      }),
    );
  });

  app.get('/servers/:guildId/admin/members/:userId', async (c) => {
    const a = await adminOf(c, deps);
    if (a instanceof Response) return a;
    const userId = c.req.param('userId');
    if (!SNOWFLAKE.test(userId)) return notFound(c, a.viewer);
    return renderMember(c, deps, a, userId);
  });

  app.get('/servers/:guildId/admin/audit', async (c) => {
    const a = await adminOf(c, deps);
    if (a instanceof Response) return a;
    const l = c.get('l');
    const guildId = a.access.server.id;
    const beforeParam = c.req.query('before');
    const before = beforeParam === undefined ? undefined : Number(beforeParam);
    if (before !== undefined && !(Number.isSafeInteger(before) && before >= 1)) return notFound(c, a.viewer);
    const [settings, directory, page] = await Promise.all([
      deps.quota.admin.getSettings(guildId),
      deps.access.directory(guildId),
      deps.quota.admin.auditPage(guildId, { ...(before === undefined ? {} : { before }), limit: AUDIT_PAGE }),
    ]);
    const profiles = await profilesOf(deps, guildId, page.records.flatMap(membersNamedIn));
    return c.html(
      auditPage(l, a.viewer, {
        server: a.access.server,
        guildId,
        page,
        newest: before === undefined,
        records: page.records,
        names: namesOf(directory, l, nameMap(profiles)),
        defaultPeriod: defaultAllowance(settings, deps.quota.defaults).period,
      }),
    );
  });
}
