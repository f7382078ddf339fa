/**
 * What the dashboard's pages share: the tabs, the notice after a change, and a rule's value in
 * words (the same words in the forms, the notices and the audit log). Channel, role and member
 * names are member-written: they go through hono's `html`, which escapes them.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { Micros } from '../../money.ts';
import type { Period } from '../../quota/periods.ts';
import type { RuleField, RuleValue } from '../../quota/rule-fields.ts';
import type { ServerDirectory } from '../../results/server-access.ts';
import type { Html } from './layout.ts';

/** What a page says at its top after a form: saved, refused (with why), or changed meanwhile. */
export interface Notice {
  kind: 'saved' | 'refused' | 'conflict';
  text: string;
  /** A second sentence (what to do now). */
  more?: string;
}

export type AdminTab = 'dashboard' | 'members' | 'audit';

/** The tabs of a server's pages: the gallery every member has, and the admin's three. */
export function adminNav(l: Localizer, guildId: string, current: AdminTab): Html {
  const tab = (key: AdminTab, href: string) =>
    html`<a href="${href}"${key === current ? html` aria-current="page"` : ''}>${l.t(`web:admin.nav.${key}`)}</a>`;
  return html`<nav class="tabs"><a href="/servers/${guildId}">${l.t('web:admin.nav.gallery')}</a>${tab(
    'dashboard',
    `/servers/${guildId}/admin`,
  )}${tab('members', `/servers/${guildId}/admin/members`)}${tab('audit', `/servers/${guildId}/admin/audit`)}</nav>`;
}

export function noticeBlock(l: Localizer, notice: Notice | undefined): Html | string {
  if (!notice) return '';
  const title =
    notice.kind === 'conflict'
      ? l.t('web:admin.conflict.title')
      : notice.kind === 'refused'
        ? l.t('web:admin.refused.title')
        : '';
  return html`<div class="notice ${notice.kind}" role="${notice.kind === 'saved' ? 'status' : 'alert'}" id="notice">${
    title ? html`<strong>${title}</strong> ` : ''
  }${notice.text}${notice.more ? html` ${notice.more}` : ''}</div>`;
}

export function perPeriod(l: Localizer, micros: Micros, period: Period): string {
  return l.t(`quota:perPeriod.${period}`, { amount: micros });
}

/** Names of the server's channels and roles, for a value that names them by id. */
export interface Names {
  channel(id: string): string;
  role(id: string): string;
  member(id: string): string;
}

export function namesOf(
  directory: ServerDirectory | null,
  l: Localizer,
  members?: ReadonlyMap<string, string>,
): Names {
  const channels = new Map(directory?.channels.map((ch) => [ch.id, ch.name]));
  const roles = new Map(directory?.roles.map((r) => [r.id, r.name]));
  return {
    channel: (id) => channels.get(id) ?? l.t('web:admin.rules.unknownChannel', { id }),
    role: (id) => roles.get(id) ?? l.t('web:admin.rules.unknownRole', { id }),
    member: (id) => members?.get(id) ?? id,
  };
}

/** What the rule names, in words: "the default allowance", "the allowance of @Artists". */
export function ruleWhat(l: Localizer, field: RuleField, names: Names): string {
  if (field.kind === 'override') return l.t('web:admin.what.override', { name: names.member(field.userId) });
  if (field.kind === 'role') return l.t('web:admin.what.role', { role: names.role(field.roleId) });
  if (field.kind === 'topup') return l.t('web:admin.what.topup', { sku: field.skuId });
  return l.t(`web:admin.what.${field.kind}`);
}

/** A rule's value in words ("$1.00 per day", "#art, #memes", "none"). */
export function ruleValueText(
  l: Localizer,
  field: RuleField,
  value: RuleValue | undefined,
  names: Names,
  defaultPeriod: Period,
): string {
  if (field.kind === 'moderation')
    return typeof value === 'string' ? `#${names.channel(value)}` : l.t('web:admin.value.off');
  if (value === undefined || value === null) return l.t('web:admin.value.none');
  if (Array.isArray(value) && field.kind === 'prompts') {
    return value.length === 0 ? l.t('web:admin.value.none') : value.map((p) => `“${p}”`).join(', ');
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? l.t('web:admin.value.anyChannel')
      : value.map((id) => `#${names.channel(id)}`).join(', ');
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (field.kind === 'in-flight-cap') return l.number(value);
    if (field.kind === 'topup') return l.t('web:admin.value.perPurchase', { amount: value });
    if (value === 0 && (field.kind === 'budget' || field.kind === 'confirm'))
      return l.t(field.kind === 'budget' ? 'web:admin.value.none' : 'web:admin.value.never');
    if (field.kind === 'budget' || field.kind === 'role') return perPeriod(l, value, defaultPeriod);
    return l.money(value);
  }
  if ('channelId' in value) {
    if (value.channelId === null) return l.t('web:admin.value.off');
    const channel = names.channel(value.channelId);
    return value.belowMicros > 0
      ? l.t('web:admin.value.alerts', { channel, amount: value.belowMicros })
      : l.t('web:admin.value.alertsNoLow', { channel });
  }
  return value.period
    ? perPeriod(l, value.micros, value.period)
    : l.t('web:admin.value.ownDefaultPeriod', { amount: value.micros });
}
