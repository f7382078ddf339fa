/**
 * `/servers/<id>/admin`: a server's money and rules on one page: the spend of the last 7, 30 or 90
 * UTC days with its charts and the ledger to download, the shared account, the rules' forms, the
 * top spenders and the latest changes of the audit log.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { BalanceFigures } from '../../quota/account-figures.ts';
import { OTHERS } from '../../quota/spend-report.ts';
import type { ServerSpend } from '../../quota/types.ts';
import type { ServerSummary } from '../../results/server-access.ts';
import { accountSection } from './account-view.ts';
import { adminNav, type Notice, noticeBlock } from './admin-bits.ts';
import { type AuditView, auditTable } from './audit-view.ts';
import { type Html, page, type Viewer } from './layout.ts';
import { type MembersTableView, membersTable } from './members-view.ts';
import { type RulesView, rulesSection } from './rules-forms.ts';
import { spendChart } from './spend-chart.ts';

/** The spans the page offers. */
export const DASHBOARD_DAYS = [7, 30, 90] as const;

export interface DashboardView {
  server: ServerSummary;
  days: number;
  spend: ServerSpend;
  account: BalanceFigures;
  rules: RulesView;
  members: MembersTableView;
  audit: AuditView;
  notice?: Notice;
}

function spendSection(l: Localizer, v: DashboardView): Html {
  const { spend, days } = v;
  const id = v.server.id;
  const from = spend.days[0] ?? '';
  const to = spend.days.at(-1) ?? '';
  const memberLabel = (key: string) =>
    key === OTHERS ? l.t('web:admin.spend.others') : v.members.names.member(key);
  const modelLabel = (key: string) =>
    key === OTHERS ? l.t('web:admin.spend.others') : v.members.modelLabel(key);
  return html`<section id="spend" class="spend">
<h2>${l.t('web:admin.spend.title')}</h2>
<nav class="spans">${DASHBOARD_DAYS.map((d) =>
    d === days
      ? html`<span aria-current="true">${l.t('web:admin.spend.days', { count: d })}</span>`
      : html`<a href="/servers/${id}/admin?days=${d}#spend">${l.t('web:admin.spend.days', { count: d })}</a>`,
  )}</nav>
<p class="hint">${l.t('web:admin.spend.span', { from, to })}</p>
<p class="totals" id="spend-totals">${l.t('web:admin.spend.totals', {
    charged: spend.chargedMicros,
    refunded: spend.refundedMicros,
    net: spend.netMicros,
  })}</p>
${
  spend.entryCount === 0
    ? html`<p class="empty">${l.t('web:admin.spend.nothing')}</p>`
    : html`<div class="charts">${spendChart(l, {
        title: l.t('web:admin.spend.byMember'),
        days: spend.days,
        series: spend.byMember,
        label: memberLabel,
      })}${spendChart(l, {
        title: l.t('web:admin.spend.byModel'),
        days: spend.days,
        series: spend.byModel,
        label: modelLabel,
      })}</div>`
}
<p class="downloads"><a class="button" id="csv" href="/servers/${id}/admin/report.csv?days=${days}" download>${l.t(
    'web:admin.spend.csv',
    { count: spend.entryCount },
  )}</a> <a href="/servers/${id}/admin/spend.json?days=${days}">${l.t('web:admin.spend.data')}</a></p>
</section>`;
}

export function dashboardPage(l: Localizer, viewer: Viewer, v: DashboardView): Html {
  const title = l.t('web:admin.title', { server: v.server.name });
  const id = v.server.id;
  return page(
    l,
    title,
    viewer,
    html`<h1>${title}</h1>
${adminNav(l, id, 'dashboard')}
${noticeBlock(l, v.notice)}
${spendSection(l, v)}
${accountSection(l, v.account)}
${rulesSection(l, v.rules)}
<section id="top-members">
<h2>${l.t('web:admin.members.top')}</h2>
${v.members.rows.length === 0 ? html`<p class="empty">${l.t('web:admin.members.none')}</p>` : membersTable(l, v.members)}
<p><a href="/servers/${id}/admin/members">${l.t('web:admin.members.all')}</a></p>
</section>
<section id="latest-changes">
<h2>${l.t('web:admin.audit.latest')}</h2>
${auditTable(l, v.audit)}
<p><a href="/servers/${id}/admin/audit">${l.t('web:admin.audit.all')}</a></p>
</section>`,
  );
}
