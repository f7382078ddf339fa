/**
 * `/servers/<id>/results/<generation>`: the file at full size, the whole prompt, every parameter
 * sent (the seed with them), the price, who asked and when, the link to the message in Discord, the
 * command that makes it again (to copy), and a batch's other takes.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { IndexedResult } from '../../results/result.ts';
import type { ServerSummary } from '../../results/server-access.ts';
import { type Html, page, type Viewer } from './layout.ts';
import { mediaTag, shownWhen } from './result-bits.ts';
import { takeDownForm } from './take-down.ts';

export interface ResultView {
  server: ServerSummary;
  result: IndexedResult;
  /** The batch's takes the member may see (this one among them), by index. */
  takes: readonly IndexedResult[];
  mediaUrls: ReadonlyMap<string, string>;
  /** The slash command that makes it again, to paste in Discord. */
  again: string;
  /** The member manages the server: the result can be taken down from here. */
  manages: boolean;
}

export function resultPage(l: Localizer, viewer: Viewer, v: ResultView): Html {
  const r = v.result;
  const title = l.t('web:result.title', { server: v.server.name });
  const discordLink = `https://discord.com/channels/${r.guildId}/${r.channelId}/${r.messageId}`;
  return page(
    l,
    title,
    viewer,
    html`<p><a href="/servers/${r.guildId}">${l.t('web:result.back')}</a></p>
<article class="result">
  <figure>${v.mediaUrls.get(r.generationId) ? mediaTag(r, v.mediaUrls.get(r.generationId), 'full') : html`<p class="nomedia">${l.t('web:result.noMedia')}</p>`}</figure>
  <section class="about">
    <h1>${l.t('web:result.prompt')}</h1>
    <p class="prompt-full" id="prompt">${r.prompt}</p>
    <dl>
      <dt>${l.t('web:result.model')}</dt><dd>${r.modelLabel} <code>${r.model}</code></dd>
      <dt>${l.t('web:result.type')}</dt><dd>${l.t(r.type === 'video' ? 'web:result.video' : 'web:result.image')}</dd>
      <dt>${l.t('web:result.price')}</dt><dd>${l.money(r.priceMicros)}</dd>
      <dt>${l.t('web:result.askedBy')}</dt><dd>${r.userName || l.t('web:gallery.someone')}</dd>
      <dt>${l.t('web:result.asked')}</dt><dd><time datetime="${new Date(r.createdAt).toISOString()}">${shownWhen(l, r.createdAt)}</time></dd>
      <dt>${l.t('web:result.delivered')}</dt><dd><time datetime="${new Date(r.deliveredAt).toISOString()}">${shownWhen(l, r.deliveredAt)}</time></dd>
      <dt>${l.t('web:result.id')}</dt><dd><code>${r.generationId}</code></dd>
    </dl>
    <h2>${l.t('web:result.parameters')}</h2>
    <dl class="params" id="parameters">${Object.entries(r.parameters).map(
      ([key, value]) => html`<dt>${key}</dt><dd><code>${shownValue(value)}</code></dd>`,
    )}</dl>
    <p><a class="button" href="${discordLink}" rel="noopener">${l.t('web:result.openInDiscord')}</a></p>
    ${v.manages ? takeDownForm(l, viewer.csrf, r, '') : ''}
    <h2>${l.t('web:result.again')}</h2>
    <p class="hint">${l.t('web:result.againHint')}</p>
    <div class="copy"><input id="again" type="text" readonly value="${v.again}">
      <button type="button" class="copy-button" data-copy="again" data-copied="${l.t('web:result.copied')}" hidden>${l.t('web:result.copy')}</button></div>
  </section>
</article>
${
  v.takes.length > 1
    ? html`<section class="takes"><h2>${l.t('web:result.takes')}</h2><ul class="grid">${v.takes.map(
        (t) =>
          html`<li class="tile${t.generationId === r.generationId ? ' current' : ''}"><a href="/servers/${t.guildId}/results/${t.generationId}">${mediaTag(t, v.mediaUrls.get(t.generationId), 'thumb')}<span>${l.t('web:result.take', { index: (t.batch?.index ?? 0) + 1, size: t.batch?.size ?? v.takes.length })}</span></a></li>`,
      )}</ul></section>`
    : ''
}`,
  );
}

function shownValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}
