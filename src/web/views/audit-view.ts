/**
 * The audit log: every change of the server's rules, from /quota and from the dashboard, and every
 * result taken down (from its card in Discord or the dashboard), newest first: when, who, where,
 * what, and the value before and after. Older pages by number.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { Period } from '../../quota/periods.ts';
import type { AuditPage, AuditRecord } from '../../quota/rule-fields.ts';
import { TAKE_DOWN } from '../../quota/take-downs.ts';
import { TOPUP_CREDIT, TOPUP_TAKE_BACK } from '../../quota/topup-money.ts';
import type { ServerSummary } from '../../results/server-access.ts';
import { adminNav, type Names, ruleValueText, ruleWhat } from './admin-bits.ts';
import { type Html, page, type Viewer } from './layout.ts';
import { shownWhen } from './result-bits.ts';

export interface AuditView {
  guildId: string;
  records: readonly AuditRecord[];
  names: Names;
  defaultPeriod: Period;
}

/** The members a record names (who made it, whose allowance, whose result): the page asks Discord their names. */
export function membersNamedIn(r: AuditRecord): string[] {
  const named = [r.by];
  if (r.field?.kind === 'override') named.push(r.field.userId);
  if (r.action === TAKE_DOWN && typeof r.detail.authorId === 'string') named.push(r.detail.authorId);
  return named;
}

/** A take-down in words: whose result, where, and its prompt's first line (all member-written, escaped by `html`). */
function takeDownWhat(l: Localizer, r: AuditRecord, names: Names): Html {
  const { authorId, channelId, prompt } = r.detail;
  const what = l.t('web:admin.audit.takeDown', {
    member: typeof authorId === 'string' ? names.member(authorId) : '',
    channel: typeof channelId === 'string' ? names.channel(channelId) : '',
  });
  return typeof prompt === 'string' && prompt
    ? html`${what}<br><q class="prompt">${prompt}</q>`
    : html`${what}`;
}

/** Where it was made; a take-down with the card's Delete was made in Discord, not with /quota. */
function whereOf(l: Localizer, r: AuditRecord): string {
  if (r.action === TAKE_DOWN && r.via === 'command') return l.t('web:admin.where.discord');
  if (r.action === TOPUP_CREDIT || r.action === TOPUP_TAKE_BACK) return l.t('web:admin.where.store');
  return l.t(`web:admin.where.${r.via}`);
}

function whatOf(l: Localizer, r: AuditRecord, names: Names): Html | string {
  if (r.action === TAKE_DOWN) return takeDownWhat(l, r, names);
  const micros = (key: string) => (typeof r.detail[key] === 'number' ? (r.detail[key] as number) : 0);
  if (r.action === TOPUP_CREDIT) return l.t('web:admin.audit.topupCredit', { amount: micros('micros') });
  if (r.action === TOPUP_TAKE_BACK) {
    // As the member and the alerts channel were told: what is owed only when something is.
    const taken = micros('takenMicros');
    const owed = micros('owedMicros');
    return owed > 0
      ? l.t('web:admin.audit.topupTakeBack', { taken, owed })
      : l.t('web:admin.audit.topupTakeBackNothingOwed', { taken });
  }
  if (r.action === 'undo' || r.action === 'not-applied') {
    const of = typeof r.detail.of === 'string' ? r.detail.of : '';
    return `${of} · ${l.t(r.action === 'undo' ? 'web:admin.audit.undo' : 'web:admin.audit.notApplied')}`;
  }
  return r.field ? ruleWhat(l, r.field, names) : l.t('web:admin.audit.legacy', { action: r.action });
}

export function auditTable(l: Localizer, v: AuditView): Html {
  if (v.records.length === 0) return html`<p class="empty">${l.t('web:admin.audit.none')}</p>`;
  const value = (r: AuditRecord, which: 'before' | 'after') =>
    r.field && which in r ? ruleValueText(l, r.field, r[which], v.names, v.defaultPeriod) : '';
  return html`<table class="audit" id="audit-table">
<thead><tr><th>${l.t('web:admin.audit.when')}</th><th>${l.t('web:admin.audit.who')}</th><th>${l.t('web:admin.audit.where')}</th><th>${l.t('web:admin.audit.what')}</th><th>${l.t('web:admin.audit.before')}</th><th>${l.t('web:admin.audit.after')}</th></tr></thead>
<tbody>${v.records.map(
    (r) => html`<tr data-n="${r.n}" data-action="${r.action}">
<td>${shownWhen(l, Date.parse(r.at))}</td>
<td>${v.names.member(r.by)}</td>
<td>${whereOf(l, r)}</td>
<td>${whatOf(l, r, v.names)}</td>
<td class="before">${value(r, 'before')}</td>
<td class="after">${value(r, 'after')}</td>
</tr>`,
  )}</tbody>
</table>`;
}

export function auditPage(
  l: Localizer,
  viewer: Viewer,
  v: AuditView & { server: ServerSummary; page: AuditPage; newest: boolean },
): Html {
  const title = `${l.t('web:admin.audit.title')} · ${v.server.name}`;
  return page(
    l,
    title,
    viewer,
    html`<h1>${title}</h1>
${adminNav(l, v.guildId, 'audit')}
<p class="hint">${l.t('web:admin.audit.intro')}</p>
${auditTable(l, v)}
<nav class="pages">${
      v.newest ? '' : html`<a href="/servers/${v.guildId}/admin/audit">${l.t('web:admin.audit.newest')}</a>`
    }${
      v.page.older !== null
        ? html`<a rel="next" class="next" href="/servers/${v.guildId}/admin/audit?before=${v.page.older}">${l.t('web:admin.audit.older')}</a>`
        : ''
    }</nav>`,
  );
}
