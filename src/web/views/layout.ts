/**
 * The frame of every page: the language, the title, the stylesheet and script from /static (the
 * CSP runs no inline script), and the header with the member's name and the sign-out form (a POST
 * with the session's form token). Everything interpolated goes through hono's `html`, which escapes
 * it: a member's name or prompt is text, never markup.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Localizer } from '../../i18n/index.ts';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface Viewer {
  name: string;
  /** The session's form token: every form that changes something carries it. */
  csrf: string;
}

export function page(l: Localizer, title: string, viewer: Viewer | undefined, body: Html): Html {
  return html`<!doctype html>
<html lang="${l.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${l.t('web:title')}</title>
<link rel="stylesheet" href="/static/app.css">
<script src="/static/app.js" defer></script>
</head>
<body>
<header class="top">
  <a class="brand" href="/">${l.t('web:title')}</a>
  ${
    viewer
      ? html`<span class="who">${l.t('web:signedInAs', { name: viewer.name })}</span>
  <form method="post" action="/logout" class="inline">
    <input type="hidden" name="_csrf" value="${viewer.csrf}">
    <button type="submit">${l.t('web:signOut')}</button>
  </form>`
      : html`<a class="button" href="/login">${l.t('web:signIn')}</a>`
  }
</header>
<main>
${body}
</main>
</body>
</html>`;
}

/** A page that says one thing (not found, sign in first, a failed login). */
export function messagePage(l: Localizer, title: string, text: string, viewer: Viewer | undefined): Html {
  return page(
    l,
    title,
    viewer,
    html`<section class="message"><h1>${title}</h1><p>${text}</p><p><a href="/">${l.t('web:title')}</a></p></section>`,
  );
}
