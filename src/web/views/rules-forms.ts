/**
 * The rules' forms: one small form a rule, each a POST with the session's form token and the value
 * the page showed (`was`), so a change made meanwhile by another admin is caught and told, not
 * overwritten. After a refusal the form keeps what the admin typed.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { Micros } from '../../money.ts';
import { PERIODS, type Period } from '../../quota/periods.ts';
import { type RuleField, ruleValue } from '../../quota/rule-fields.ts';
import type { GuildSettings, QuotaDefaults } from '../../quota/settings.ts';
import type { ServerDirectory } from '../../results/server-access.ts';
import type { RuleName } from '../rule-forms.ts';
import { type Names, perPeriod } from './admin-bits.ts';
import type { Html } from './layout.ts';

/** What the admin typed in one form, kept after a refusal. */
export interface Typed {
  rule: RuleName;
  values: Readonly<Record<string, string>>;
}

export interface RulesView {
  guildId: string;
  csrf: string;
  settings: GuildSettings;
  defaults: QuotaDefaults;
  directory: ServerDirectory | null;
  names: Names;
  typed?: Typed;
}

/** An amount as the admin would type it: `2.50`, `0.0035`. */
export function usdInput(micros: Micros): string {
  const whole = Math.floor(micros / 1_000_000);
  const frac = String(micros % 1_000_000)
    .padStart(6, '0')
    .slice(0, 4)
    .replace(/0{1,2}$/, '')
    .replace(/0$/, '');
  return `${whole}.${frac.padEnd(2, '0')}`;
}

function was(v: RulesView, field: RuleField): string {
  return JSON.stringify(ruleValue(v.settings, v.defaults, field));
}

function typedOr(v: RulesView, rule: RuleName, name: string, current: string): string {
  return v.typed?.rule === rule ? (v.typed.values[name] ?? current) : current;
}

function formHead(v: RulesView, field: RuleField | undefined): Html {
  return html`<input type="hidden" name="_csrf" value="${v.csrf}">${
    field ? html`<input type="hidden" name="was" value="${was(v, field)}">` : ''
  }`;
}

function action(v: RulesView, rule: RuleName): string {
  return `/servers/${v.guildId}/admin/rules/${rule}`;
}

function periodSelect(l: Localizer, id: string, selected: string, allowDefault: boolean): Html {
  return html`<select name="period" id="${id}">${
    allowDefault
      ? html`<option value=""${selected === '' ? ' selected' : ''}>${l.t('web:admin.rules.followDefault')}</option>`
      : ''
  }${PERIODS.map(
    (p) =>
      html`<option value="${p}"${p === selected ? ' selected' : ''}>${l.t(`quota:command.period.${p}`)}</option>`,
  )}</select>`;
}

function usdField(l: Localizer, id: string, value: string): Html {
  return html`<label for="${id}">${l.t('web:admin.rules.usd')}</label><input id="${id}" name="usd" inputmode="decimal" autocomplete="off" size="8" maxlength="20" value="${value}">`;
}

/** One of the server-wide rules: its title, what it does, the value it had, its fields, Save. */
function ruleForm(
  l: Localizer,
  v: RulesView,
  kind: 'default' | 'budget' | 'confirm' | 'alerts' | 'moderation',
  fields: Html,
): Html {
  return html`<form method="post" action="${action(v, kind)}" class="rule" id="rule-${kind}">
  <h3>${l.t(`web:admin.rules.${kind}`)}</h3>
  <p class="hint">${l.t(`web:admin.rules.${kind}Hint`)}</p>
  ${formHead(v, { kind })}
  ${fields}
  <button type="submit">${l.t('web:admin.rules.save')}</button>
</form>`;
}

export function rulesSection(l: Localizer, v: RulesView): Html {
  const def = ruleValue(v.settings, v.defaults, { kind: 'default' }) as { micros: Micros; period: Period };
  const budget = v.settings.budgetMicros;
  const confirm = ruleValue(v.settings, v.defaults, { kind: 'confirm' }) as Micros;
  const alerts = ruleValue(v.settings, v.defaults, { kind: 'alerts' }) as {
    channelId: string | null;
    belowMicros: Micros;
  };
  const alertChannels =
    v.directory?.channels.filter((ch) => ch.kind === 'text' || ch.kind === 'announcement') ?? [];
  const alertSelected = typedOr(v, 'alerts', 'channel', alerts.channelId ?? '');
  const logSelected = typedOr(v, 'moderation', 'channel', v.settings.moderationChannelId ?? '');
  return html`<section id="rules" class="rules">
<h2>${l.t('web:admin.rules.title')}</h2>
<p class="hint">${l.t('web:admin.rules.intro')}</p>
<div class="rule-grid">
${ruleForm(
  l,
  v,
  'default',
  html`${usdField(l, 'default-usd', typedOr(v, 'default', 'usd', usdInput(def.micros)))}
  <label for="default-period">${l.t('web:admin.rules.period')}</label>${periodSelect(l, 'default-period', typedOr(v, 'default', 'period', def.period), false)}`,
)}
${ruleForm(l, v, 'budget', usdField(l, 'budget-usd', typedOr(v, 'budget', 'usd', usdInput(budget))))}
${ruleForm(l, v, 'confirm', usdField(l, 'confirm-usd', typedOr(v, 'confirm', 'usd', usdInput(confirm))))}
${ruleForm(
  l,
  v,
  'alerts',
  html`<label for="alerts-channel">${l.t('web:admin.rules.channel')}</label>
  <select name="channel" id="alerts-channel"><option value=""${alertSelected === '' ? ' selected' : ''}>${l.t('web:admin.rules.alertsOff')}</option>${alertChannels.map(
    (ch) => html`<option value="${ch.id}"${ch.id === alertSelected ? ' selected' : ''}>#${ch.name}</option>`,
  )}</select>
  <label for="alerts-below">${l.t('web:admin.rules.below')}</label><input id="alerts-below" name="below" inputmode="decimal" autocomplete="off" size="8" maxlength="20" value="${typedOr(v, 'alerts', 'below', usdInput(alerts.belowMicros))}">`,
)}
${ruleForm(
  l,
  v,
  'moderation',
  html`<label for="moderation-channel">${l.t('web:admin.rules.channel')}</label>
  <select name="channel" id="moderation-channel"><option value=""${logSelected === '' ? ' selected' : ''}>${l.t('web:admin.rules.moderationOff')}</option>${alertChannels.map(
    (ch) => html`<option value="${ch.id}"${ch.id === logSelected ? ' selected' : ''}>#${ch.name}</option>`,
  )}</select>`,
)}
</div>
${rolesBlock(l, v, def.period)}
${channelsBlock(l, v)}
${promptsBlock(l, v)}
</section>`;
}

function rolesBlock(l: Localizer, v: RulesView, period: Period): Html {
  const set = Object.entries(v.settings.roles);
  const assignable = v.directory?.roles.filter((r) => !r.managed) ?? [];
  const roleSelected = typedOr(v, 'role', 'role', '');
  return html`<div class="rule wide" id="rule-roles">
<h3>${l.t('web:admin.rules.roles')}</h3>
<p class="hint">${l.t('web:admin.rules.rolesHint')}</p>
${
  set.length === 0
    ? html`<p class="empty">${l.t('web:admin.rules.noRoles')}</p>`
    : html`<table class="list"><tbody>${set.map(
        ([roleId, micros]) =>
          html`<tr><td>@${v.names.role(roleId)}</td><td class="amount">${perPeriod(l, micros, period)}</td><td><form method="post" action="${action(v, 'role-clear')}" class="inline">${formHead(v, { kind: 'role', roleId })}<input type="hidden" name="role" value="${roleId}"><button type="submit" class="quiet">${l.t('web:admin.rules.remove')}</button></form></td></tr>`,
      )}</tbody></table>`
}
<form method="post" action="${action(v, 'role')}" class="add">
  ${formHead(v, undefined)}
  <label for="role-pick">${l.t('web:admin.rules.role')}</label>
  <select name="role" id="role-pick">${assignable.map(
    (r) => html`<option value="${r.id}"${r.id === roleSelected ? ' selected' : ''}>@${r.name}</option>`,
  )}</select>
  ${usdField(l, 'role-usd', typedOr(v, 'role', 'usd', ''))}
  <button type="submit">${l.t('web:admin.rules.save')}</button>
</form>
</div>`;
}

function channelsBlock(l: Localizer, v: RulesView): Html {
  const allowed = v.settings.allowedChannels;
  const others = v.directory?.channels.filter((ch) => !allowed.includes(ch.id)) ?? [];
  return html`<div class="rule wide" id="rule-channels">
<h3>${l.t('web:admin.rules.channels')}</h3>
<p class="hint">${l.t('web:admin.rules.channelsHint')}</p>
${
  allowed.length === 0
    ? html`<p class="empty">${l.t('web:admin.rules.anyChannel')}</p>`
    : html`<table class="list"><tbody>${allowed.map(
        (id) =>
          html`<tr><td>#${v.names.channel(id)}</td><td><form method="post" action="${action(v, 'channel-remove')}" class="inline">${formHead(v, undefined)}<input type="hidden" name="channel" value="${id}"><button type="submit" class="quiet">${l.t('web:admin.rules.remove')}</button></form></td></tr>`,
      )}</tbody></table>`
}
<form method="post" action="${action(v, 'channel-allow')}" class="add">
  ${formHead(v, undefined)}
  <label for="channel-pick">${l.t('web:admin.rules.channel')}</label>
  <select name="channel" id="channel-pick">${others.map(
    (ch) => html`<option value="${ch.id}">#${ch.name}${ch.category ? html` (${ch.category})` : ''}</option>`,
  )}</select>
  <button type="submit">${l.t('web:admin.rules.add')}</button>
</form>
</div>`;
}

/** The words and phrases a prompt may not hold (prompt-rules.ts): each with Remove, and one to add. */
function promptsBlock(l: Localizer, v: RulesView): Html {
  const patterns = v.settings.promptPatterns ?? [];
  return html`<div class="rule wide" id="rule-prompts">
<h3>${l.t('web:admin.rules.prompts')}</h3>
<p class="hint">${l.t('web:admin.rules.promptsHint')}</p>
${
  patterns.length === 0
    ? html`<p class="empty">${l.t('web:admin.rules.noPrompts')}</p>`
    : html`<table class="list" id="prompt-patterns"><tbody>${patterns.map(
        (pattern) =>
          html`<tr><td class="pattern">${pattern}</td><td><form method="post" action="${action(v, 'prompt-remove')}" class="inline">${formHead(v, undefined)}<input type="hidden" name="pattern" value="${pattern}"><button type="submit" class="quiet">${l.t('web:admin.rules.remove')}</button></form></td></tr>`,
      )}</tbody></table>`
}
<form method="post" action="${action(v, 'prompt-add')}" class="add">
  ${formHead(v, undefined)}
  <label for="prompt-pattern">${l.t('web:admin.rules.pattern')}</label>
  <input id="prompt-pattern" name="pattern" autocomplete="off" size="30" maxlength="100" value="${typedOr(v, 'prompt-add', 'pattern', '')}">
  <button type="submit">${l.t('web:admin.rules.add')}</button>
</form>
</div>`;
}

/** A member's own allowance (the member's page). */
export function overrideForm(l: Localizer, v: RulesView, userId: string): Html {
  const field: RuleField = { kind: 'override', userId };
  const own = v.settings.overrides[userId];
  return html`<form method="post" action="${action(v, 'override')}" class="rule" id="rule-override">
  <h3>${l.t('web:admin.member.own')}</h3>
  <p class="hint">${l.t('web:admin.member.ownHint')}</p>
  ${formHead(v, field)}
  <input type="hidden" name="member" value="${userId}">
  ${usdField(l, 'override-usd', typedOr(v, 'override', 'usd', own ? usdInput(own.micros) : ''))}
  <label for="override-period">${l.t('web:admin.rules.period')}</label>${periodSelect(l, 'override-period', typedOr(v, 'override', 'period', own?.period ?? ''), true)}
  <button type="submit">${l.t('web:admin.rules.save')}</button>
</form>${
    own
      ? html`<form method="post" action="${action(v, 'override-clear')}" class="rule" id="rule-override-clear">${formHead(v, field)}<input type="hidden" name="member" value="${userId}"><button type="submit" class="quiet">${l.t('web:admin.member.clear')}</button></form>`
      : html`<p class="hint">${l.t('web:admin.member.noOwn')}</p>`
  }`;
}
