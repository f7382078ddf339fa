/**
 * Headless Chromium (Debian's, driven by playwright-core) photographs the pages. The pages come
 * from a local run, so nothing is fetched from the network: the attachments are served from the
 * bytes the fake Discord stored, Discord's default avatar is drawn here, and anything else
 * (the renderer's web fonts on a CDN) is refused, so the system fonts stand in for Discord's.
 */
import type { Browser, Page } from 'playwright-core';

/** Discord's dark theme background, behind the messages and around the modal. */
export const DARK_BACKGROUND = '#313338';

/** A stand-in for the default avatar Discord's CDN serves: its blurple disc. */
const AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" fill="#5865f2"/>
<circle cx="64" cy="56" r="22" fill="#fff"/><rect x="30" y="84" width="68" height="22" rx="11" fill="#fff"/>
</svg>`;

export interface Files {
  get(url: string): { contentType: string; data: Buffer } | undefined;
}

/** Debian's Chromium, as the web side's tests start it (CHROMIUM_PATH elsewhere). */
export { launchChromium as launch } from '../../testkit/browser.ts';

/**
 * A page of the width Discord's message column has on a laptop (so text wraps as members see it),
 * at twice the pixels for sharp text; what it could not load is collected in `refused`.
 */
export async function openPage(browser: Browser, files: Files, refused: Set<string>): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 720, height: 600 },
    deviceScaleFactor: 2,
    colorScheme: 'dark',
  });
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    const file = files.get(url);
    if (file) return route.fulfill({ status: 200, contentType: file.contentType, body: file.data });
    if (/^https:\/\/cdn\.discordapp\.com\/(embed\/)?avatars\//.test(url)) {
      return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: AVATAR_SVG });
    }
    if (url.startsWith('data:') || url === 'about:blank') return route.continue();
    refused.add(url);
    return route.abort();
  });
  return page;
}

/**
 * What the transcript page shows besides the messages: the channel's header, the "Exported n
 * messages" line, a stray ";" the renderer leaves after its styles, and a column as tall as the
 * window; and two corrections of its drawing.
 */
const MESSAGES_ONLY = `<style>
discord-header { display: none !important; }
discord-messages { min-height: 0 !important; padding-bottom: 8px !important; border: none !important;
  background-color: ${DARK_BACKGROUND} !important; }
/* The renderer draws a name without a role colour in its light theme's near-black. */
.discord-author-info .discord-author-username,
.discord-thread-message .discord-thread-message-username { color: #f2f3f5 !important; }
/* The preview of a thread's last message: one line, cut with an ellipsis as Discord does. */
.discord-thread-message { overflow: hidden; }
.discord-thread-message .discord-thread-message-content { display: block !important; min-width: 0;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.discord-thread-message .discord-thread-message-content * { display: inline !important; }
/* A gallery's single image fills the card's width; Discord caps its height (the simulator's
   images are small squares, which would otherwise fill the picture). */
img[alt="Media content"] { height: 240px !important; width: auto !important; display: block; }
div:has(> div > img[alt="Media content"]) { width: fit-content !important; }
discord-messages > div[style*="text-align"] { display: none !important; }
</style>
<script>
document.addEventListener('DOMContentLoaded', () => {
  for (const node of [...document.querySelector('discord-messages')?.childNodes ?? []]) {
    if (node.nodeType === Node.TEXT_NODE) node.remove();
  }
});
</script>`;

/** The messages of a transcript page, and the selector of the element that holds them. */
export function messagesOnly(html: string): { html: string; selector: string } {
  return { html: html.replace('</head>', `${MESSAGES_ONLY}</head>`), selector: 'discord-messages' };
}

/** Photographs one element of the page, after its images have loaded (or failed: the check is after). */
export async function shoot(page: Page, html: string, selector: string, path: string): Promise<void> {
  await page.setContent(html, { waitUntil: 'load' });
  // Runs in the page (a string: this project's TypeScript has no DOM types).
  const broken = await page.evaluate<string[]>(
    '[...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src)',
  );
  if (broken.length > 0) throw new Error(`${path}: images that did not load: ${broken.join(', ')}`);
  const element = page.locator(selector).first();
  await element.screenshot({ path, animations: 'disabled' });
}
