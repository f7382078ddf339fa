/**
 * The members table: who spent what this period, their allowance and where it comes from, what is
 * held, their last generation; a row opens the member's results in the gallery and their page.
 * Names are Discord's (member-written, escaped); a member who left shows by id.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import { effectiveAllowance, type GuildSettings, type QuotaDefaults } from '../../quota/settings.ts';
import type { MemberPage, MemberRow, MemberSort } from '../../quota/types.ts';
import type { MemberProfile, ServerSummary } from '../../results/server-access.ts';
import { adminNav, type Names, type Notice, noticeBlock, perPeriod } from './admin-bits.ts';
import { type Html, page, type Viewer } from './layout.ts';
import { shownWhen } from './result-bits.ts';

export interface MembersTableView {
  guildId: string;
  rows: readonly MemberRow[];
  profiles: ReadonlyMap<string, MemberProfile>;
  settings: GuildSettings;
  defaults: QuotaDefaults;
  names: Names;
  modelLabel: (slug: string) => string;
}

/** Where a member's allowance comes from, as the next request decides it (their roles now). */
function allowanceText(l: Localizer, v: MembersTableView, row: MemberRow): string {
  const profile = v.profiles.get(row.userId);
  const a = effectiveAllowance(v.settings, v.defaults, row.userId, profile?.roleIds ?? []);
  const source =
    a.source === 'role' && a.roleId
      ? l.t('web:admin.members.source.role', { role: v.names.role(a.roleId) })
      : l.t(`web:admin.members.source.${a.source === 'role' ? 'default' : a.source}`);
  return `${perPeriod(l, a.micros, a.period)} · ${source}`;
}

export function membersTable(l: Localizer, v: MembersTableView): Html {
  return html`<table class="members" id="members-table">
<thead><tr><th>${l.t('web:admin.members.member')}</th><th class="amount">${l.t('web:admin.members.spent')}</th><th>${l.t('web:admin.members.allowance')}</th><th class="amount">${l.t('web:admin.members.held')}</th><th>${l.t('web:admin.members.last')}</th><th></th></tr></thead>
<tbody>${v.rows.map((row) => {
    const profile = v.profiles.get(row.userId);
    const last = row.lastGeneration;
    return html`<tr data-user="${row.userId}">
<td><a href="/servers/${v.guildId}/admin/members/${row.userId}">${profile?.displayName ?? row.userId}</a>${
      profile ? '' : html` <span class="hint">${l.t('web:admin.members.left')}</span>`
    }</td>
<td class="amount">${l.money(row.spentMicros)}</td>
<td>${allowanceText(l, v, row)}</td>
<td class="amount">${l.money(row.heldMicros)}</td>
<td>${
      last
        ? html`<a href="/servers/${v.guildId}/results/${last.generationId}">${shownWhen(l, Date.parse(last.at))}</a>${
            last.model ? html` · ${v.modelLabel(last.model)}` : ''
          }`
        : html`<span class="hint">${l.t('web:admin.members.never')}</span>`
    }</td>
<td><a href="/servers/${v.guildId}?member=${row.userId}">${l.t('web:admin.members.results')}</a></td>
</tr>`;
  })}</tbody>
</table>`;
}

export interface MembersPageView extends MembersTableView {
  server: ServerSummary;
  page: MemberPage;
  sort: MemberSort;
  q: string;
  notice?: Notice;
}

function membersHref(guildId: string, o: { q: string; sort: MemberSort; page: number }): string {
  const p = new URLSearchParams();
  if (o.q) p.set('q', o.q);
  if (o.sort !== 'spent') p.set('sort', o.sort);
  if (o.page > 1) p.set('page', String(o.page));
  const query = p.toString();
  return `/servers/${guildId}/admin/members${query ? `?${query}` : ''}`;
}

export function membersPage(l: Localizer, viewer: Viewer, v: MembersPageView): Html {
  const title = `${l.t('web:admin.members.title')} · ${v.server.name}`;
  const pages = Math.max(1, Math.ceil(v.page.total / v.page.pageSize));
  const sorts: MemberSort[] = ['spent', 'held', 'last'];
  const sortLabel = { spent: 'sortSpent', held: 'sortHeld', last: 'sortLast' } as const;
  return page(
    l,
    title,
    viewer,
    html`<h1>${title}</h1>
${adminNav(l, v.guildId, 'members')}
${noticeBlock(l, v.notice)}
<form method="get" action="/servers/${v.guildId}/admin/members" class="search" role="search">
  <label for="q">${l.t('web:admin.members.search')}</label>
  <input id="q" name="q" type="search" value="${v.q}" maxlength="100" placeholder="${l.t('web:admin.members.searchHint')}">
  <label for="sort">${l.t('web:admin.members.sort')}</label>
  <select id="sort" name="sort">${sorts.map(
    (s) =>
      html`<option value="${s}"${s === v.sort ? ' selected' : ''}>${l.t(`web:admin.members.${sortLabel[s]}`)}</option>`,
  )}</select>
  <button type="submit">${l.t('web:admin.members.searchButton')}</button>
  ${v.q ? html`<a href="/servers/${v.guildId}/admin/members">${l.t('web:admin.members.clear')}</a>` : ''}
</form>
<p class="count" id="members-count">${l.t('web:admin.members.count', { count: v.page.total })}</p>
${
  v.rows.length === 0
    ? html`<p class="empty">${l.t(v.q ? 'web:admin.members.noMatch' : 'web:admin.members.none')}</p>`
    : membersTable(l, v)
}
<nav class="pages">${
      v.page.page > 1
        ? html`<a rel="prev" href="${membersHref(v.guildId, { q: v.q, sort: v.sort, page: v.page.page - 1 })}">${l.t('web:admin.members.previous')}</a>`
        : ''
    }<span>${l.t('web:admin.members.pageOf', { page: v.page.page, pages })}</span>${
      v.page.page < pages
        ? html`<a rel="next" class="next" href="${membersHref(v.guildId, { q: v.q, sort: v.sort, page: v.page.page + 1 })}">${l.t('web:admin.members.next')}</a>`
        : ''
    }</nav>`,
  );
}
