/** `/`: the sign-in for a visitor; a member's servers (where the bot is too) once signed in. */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { ServerSummary } from '../../results/server-access.ts';
import { type Html, page, type Viewer } from './layout.ts';

export function signedOutHome(l: Localizer): Html {
  return page(
    l,
    l.t('web:title'),
    undefined,
    html`<section class="intro">
  <h1>${l.t('web:title')}</h1>
  <p>${l.t('web:home.intro')}</p>
  <p><a class="button big" href="/login">${l.t('web:signIn')}</a></p>
</section>`,
  );
}

export function serversHome(l: Localizer, viewer: Viewer, servers: readonly ServerSummary[]): Html {
  const list =
    servers.length === 0
      ? html`<p class="empty">${l.t('web:home.noServers')}</p>`
      : html`<ul class="servers">${servers.map(
          (s) =>
            html`<li><a href="/servers/${s.id}" title="${l.t('web:home.open', { server: s.name })}">${
              s.iconUrl
                ? html`<img src="${s.iconUrl}" alt="" width="48" height="48">`
                : html`<span class="noicon">${initials(s.name)}</span>`
            }<span>${s.name}</span></a></li>`,
        )}</ul>`;
  return page(
    l,
    l.t('web:home.servers'),
    viewer,
    html`<section><h1>${l.t('web:home.servers')}</h1>${list}</section>`,
  );
}

function initials(name: string): string {
  return [...name.trim()].slice(0, 2).join('').toUpperCase();
}
