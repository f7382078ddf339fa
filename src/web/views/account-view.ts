/**
 * The shared account on the dashboard: what /balance shows (the same figures, account-figures.ts),
 * in the page's words. The drift's sentences are /balance's own; their Discord bold becomes <strong>.
 */
import { html, raw } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import { usdToMicros } from '../../money.ts';
import { type BalanceFigures, driftText } from '../../quota/account-figures.ts';
import type { Html } from './layout.ts';
import { shownWhen } from './result-bits.ts';

/** Escapes the text, then turns `**bold**` (the drift's one piece of Discord markdown) into <strong>. */
function withBold(text: string): Html {
  const escaped = String(html`${text}`);
  return html`${raw(escaped.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>'))}`;
}

export function accountSection(l: Localizer, f: BalanceFigures): Html {
  return html`<section id="account" class="account">
<h2>${l.t('web:admin.account.title')}</h2>
<dl class="figures">
${
  f.account
    ? html`<div><dt>${l.t('web:admin.account.balance')}</dt><dd id="account-balance">${l.money(usdToMicros(f.account.usd_balance))}</dd></div>
<div><dt>${l.t('web:admin.account.totalSpent')}</dt><dd>${l.money(usdToMicros(f.account.usd_spent))}</dd></div>`
    : html`<div><dt>${l.t('web:admin.account.balance')}</dt><dd>${l.t('web:admin.account.noAnswer')}</dd></div>`
}
<div><dt>${l.t(`balance:server.${f.period}`)}</dt><dd id="account-server">${
    f.budgetMicros > 0
      ? l.t(`balance:chargedOfBudget.${f.period}`, { amount: f.serverMicros, budget: f.budgetMicros })
      : l.t('balance:charged', { amount: f.serverMicros })
  }</dd></div>
</dl>
<p class="drift" id="drift">${f.drift ? withBold(driftText(f.drift, l, (since) => shownWhen(l, since.getTime()))) : withBold(l.t('balance:drift.unreadable'))}</p>
</section>`;
}
