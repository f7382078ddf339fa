/**
 * `/servers/<id>`: the search form (a GET form: the filters stay in the address), the count, the
 * grid of results newest first, and the link to the next page by cursor. Works without script.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { MediaType } from '../../media/schemas.ts';
import type { GalleryPage, IndexedResult } from '../../results/result.ts';
import type { ServerSummary } from '../../results/server-access.ts';
import { filtersQuery, type GalleryFilters, galleryHref } from '../gallery-address.ts';
import { type Notice, noticeBlock } from './admin-bits.ts';
import { type Html, page, type Viewer } from './layout.ts';
import { firstLine, mediaTag, shownWhen } from './result-bits.ts';
import { takeDownForm } from './take-down.ts';

export interface ModelChoice {
  slug: string;
  label: string;
  type: MediaType;
}

export interface GalleryView {
  server: ServerSummary;
  filters: GalleryFilters;
  page: GalleryPage;
  /** The opaque cursor of the next page, as the address carries it. */
  nextCursor: string | null;
  models: readonly ModelChoice[];
  /** Working links for each shown result's file (Discord's refreshed, or the service's). */
  mediaUrls: ReadonlyMap<string, string>;
  /** The member manages the server: the page links to its dashboard, and each result can be taken down. */
  manages: boolean;
  /** What a take-down just posted did (the form comes back here). */
  notice?: Notice;
}

export function galleryPage(l: Localizer, viewer: Viewer, v: GalleryView): Html {
  const { server, filters: f } = v;
  const title = l.t('web:gallery.title', { server: server.name });
  return page(
    l,
    title,
    viewer,
    html`<h1>${title}</h1>
${v.manages ? html`<nav class="tabs"><a href="/servers/${server.id}" aria-current="page">${l.t('web:admin.nav.gallery')}</a><a href="/servers/${server.id}/admin">${l.t('web:admin.nav.dashboard')}</a></nav>` : ''}
${noticeBlock(l, v.notice)}
${searchForm(l, server.id, f, v.models)}
<p class="count" id="count">${countLine(l, v.page)}</p>
${
  v.page.results.length === 0
    ? html`<section class="empty"><p>${l.t('web:gallery.empty')}</p><p>${l.t('web:gallery.emptyHint')}</p></section>`
    : html`<ul class="grid" id="results">${v.page.results.map((r) =>
        tile(
          l,
          r,
          v.mediaUrls.get(r.generationId),
          v.manages ? takeDownForm(l, viewer.csrf, r, filtersQuery(f)) : '',
        ),
      )}</ul>`
}
<nav class="pages">${
      f.cursor
        ? html`<a href="${galleryHref(server.id, { ...f, cursor: undefined })}">${l.t('web:gallery.newest')}</a>`
        : ''
    }${
      v.nextCursor
        ? html`<a rel="next" class="next" href="${galleryHref(server.id, { ...f, cursor: v.nextCursor })}">${l.t('web:gallery.older')}</a>`
        : ''
    }</nav>`,
  );
}

function countLine(l: Localizer, p: GalleryPage): string {
  return p.capped
    ? l.t('web:gallery.resultsCapped', { count: p.total })
    : l.t('web:gallery.results', { count: p.total });
}

function searchForm(l: Localizer, guildId: string, f: GalleryFilters, models: readonly ModelChoice[]): Html {
  const selected = (on: boolean) => (on ? html` selected` : '');
  return html`<form class="search" method="get" action="/servers/${guildId}" role="search">
  <label class="q"><span>${l.t('web:gallery.search')}</span>
    <input type="search" name="q" value="${f.q}" maxlength="200" aria-describedby="search-hint"></label>
  <label><span>${l.t('web:gallery.type')}</span><select name="type">
    <option value="">${l.t('web:gallery.anyType')}</option>
    <option value="image"${selected(f.type === 'image')}>${l.t('web:gallery.images')}</option>
    <option value="video"${selected(f.type === 'video')}>${l.t('web:gallery.videos')}</option>
  </select></label>
  <label><span>${l.t('web:gallery.model')}</span><select name="model">
    <option value="">${l.t('web:gallery.anyModel')}</option>
    ${models.map((m) => html`<option value="${m.slug}"${selected(f.model === m.slug)}>${m.label}</option>`)}
  </select></label>
  <label><span>${l.t('web:gallery.member')}</span><select name="member">
    <option value="">${l.t('web:gallery.everyone')}</option>
    <option value="me"${selected(f.member === 'me')}>${l.t('web:gallery.mine')}</option>
    ${f.member && f.member !== 'me' ? html`<option value="${f.member}" selected>${f.member}</option>` : ''}
  </select></label>
  <label><span>${l.t('web:gallery.from')}</span><input type="date" name="from" value="${f.from ?? ''}"></label>
  <label><span>${l.t('web:gallery.to')}</span><input type="date" name="to" value="${f.to ?? ''}"></label>
  <button type="submit">${l.t('web:gallery.searchButton')}</button>
  <a class="clear" href="/servers/${guildId}">${l.t('web:gallery.clear')}</a>
  <a class="mine" href="${galleryHref(guildId, { ...f, member: 'me', cursor: undefined })}">${l.t('web:gallery.mine')}</a>
  <small id="search-hint" class="hint">${l.t('web:gallery.searchHint')}</small>
</form>`;
}

function tile(l: Localizer, r: IndexedResult, mediaUrl: string | undefined, takeDown: Html | string): Html {
  const href = `/servers/${r.guildId}/results/${r.generationId}`;
  return html`<li class="tile${r.ageRestricted ? ' restricted' : ''}" data-id="${r.generationId}">
  <a href="${href}">${mediaTag(r, mediaUrl, 'thumb')}</a>
  <p class="prompt"><a href="${href}">${firstLine(r.prompt)}</a></p>
  <p class="meta">${r.type === 'video' ? html`<span class="badge video">▶ ${l.t('web:result.video')}</span> ` : ''}${r.modelLabel} · ${l.t('web:gallery.by', { name: r.userName || l.t('web:gallery.someone'), when: shownWhen(l, r.deliveredAt) })}${
    r.ageRestricted ? html` · <span class="badge">${l.t('web:gallery.ageRestricted')}</span>` : ''
  }</p>
${takeDown}
</li>`;
}
