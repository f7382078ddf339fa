/**
 * A take-down on the web: the small form an admin sees on each result (a POST with the session's
 * form token and the gallery address to come back to; the site's script asks first, and without
 * it the form posts as it is), what the gallery says after it, and the page when Discord refused.
 * Names and prompts are member-written: they go through hono's `html`, which escapes them.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { AuditRecord } from '../../quota/rule-fields.ts';
import type { IndexedResult } from '../../results/result.ts';
import type { Notice } from './admin-bits.ts';
import { type Html, page, type Viewer } from './layout.ts';
import { shownWhen } from './result-bits.ts';

/** Where the take-down of this result posts. */
export function takeDownAction(guildId: string, generationId: string): string {
  return `/servers/${guildId}/admin/results/${generationId}/take-down`;
}

/** The Take down button of a result; `back` is the gallery's query (its filters) to come back to. */
export function takeDownForm(l: Localizer, csrf: string, r: IndexedResult, back: string): Html {
  return html`<form class="take-down" method="post" action="${takeDownAction(r.guildId, r.generationId)}" data-confirm="${l.t('web:takeDown.confirm')}">
<input type="hidden" name="_csrf" value="${csrf}"><input type="hidden" name="back" value="${back}">
<button type="submit" class="quiet danger">${l.t('web:takeDown.button')}</button>
</form>`;
}

/**
 * What the gallery says once a take-down was posted, from its record: the viewer's own (just now,
 * or a second click: the same success), or another admin's that came first (nothing is wrong:
 * the result is down, and was recorded once).
 */
export function takeDownNotice(
  l: Localizer,
  record: AuditRecord,
  viewerId: string,
  names: ReadonlyMap<string, string>,
): Notice {
  const name = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? id) : '');
  return record.by === viewerId
    ? { kind: 'saved', text: l.t('web:takeDown.done', { member: name(record.detail.authorId) }) }
    : {
        kind: 'saved',
        text: l.t('web:takeDown.already', {
          admin: name(record.by),
          when: shownWhen(l, Date.parse(record.at)),
        }),
      };
}

/** The answer when the take-down did not go through (Discord refused), or went through without its record. */
export function takeDownProblemPage(
  l: Localizer,
  viewer: Viewer,
  o: { back: string; text: string; title: string },
): Html {
  return page(
    l,
    o.title,
    viewer,
    html`<section class="message"><h1>${o.title}</h1><div class="notice refused" role="alert" id="notice">${o.text}</div><p><a href="${o.back}">${l.t('web:result.back')}</a></p></section>`,
  );
}
