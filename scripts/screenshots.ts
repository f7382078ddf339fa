/**
 * README's pictures of the bot's own messages and of its web side (docs/images/*.png), taken from
 * scripted runs of the real bot on the fake Discord and the simulator: `npm run docs:screenshots`. Run it again after a
 * change to what the bot says or shows; it finds the messages by structure (the reply to an
 * interaction, the message in a reply's thread), not by wording, so it keeps up with new texts.
 *
 *   npm run docs:screenshots                  English, docs/images/<name>.png
 *   npm run docs:screenshots -- --locale de   the member's Discord set to German, <name>.de.png
 *   npm run docs:screenshots -- --web-only    only the web side's pictures (docs/images/web-*.png)
 *
 * Needs Chromium (Debian/Ubuntu: `apt-get install -y chromium`; elsewhere set CHROMIUM_PATH).
 * Steps: ./screenshots/capture.ts (the run), ./screenshots/transcript.ts and ./screenshots/modal.ts
 * (the pages), ./screenshots/browser.ts (the pictures); ./screenshots/web.ts the web side's, in a run
 * of its own.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Locale } from 'discord.js';
import { launch, messagesOnly, openPage, shoot } from './screenshots/browser.ts';
import { capture } from './screenshots/capture.ts';
import { modalHtml } from './screenshots/modal.ts';
import { transcriptHtml } from './screenshots/transcript.ts';
import { webShots } from './screenshots/web.ts';

const IMAGES = fileURLToPath(new URL('../docs/images/', import.meta.url));

function localeOf(value: string | undefined): Locale | undefined {
  if (value === undefined || value === '') return undefined;
  const locales = Object.values(Locale) as string[];
  if (!locales.includes(value)) {
    throw new Error(`--locale ${value} is not a Discord locale; one of: ${locales.join(', ')}`);
  }
  return value as Locale;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { values } = parseArgs({ options: { locale: { type: 'string' }, 'web-only': { type: 'boolean' } } });
  const locale = localeOf(values.locale ?? process.env.SCREENSHOTS_LOCALE);
  const suffix = locale ? `.${locale}` : '';

  // The browser first: without Chromium there is no point running the bot.
  const browser = await launch();
  try {
    if (!values['web-only']) await discordShots(browser, locale, suffix);
    console.log('running the bot with its web side, signing in with the fake Discord…');
    for (const file of await webShots(browser, { locale, dir: IMAGES, suffix })) {
      console.log(`wrote docs/images/${file}`);
    }
  } finally {
    await browser.close();
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The pictures of the bot's messages in Discord, drawn from a run of the bot on the fake Discord. */
async function discordShots(
  browser: Awaited<ReturnType<typeof launch>>,
  locale: Locale | undefined,
  suffix: string,
) {
  {
    console.log(`running the bot on the fake Discord${locale ? ` (members' locale ${locale})` : ''}…`);
    const run = await capture({ locale });
    // The pages are made while the bot runs: its client turns the payloads into discord.js Messages.
    const pages: { name: string; html: string; selector: string }[] = [];
    try {
      for (const shot of run.shots) {
        pages.push(
          shot.modal
            ? { name: shot.name, html: modalHtml(shot.modal), selector: '.modal' }
            : {
                name: shot.name,
                ...messagesOnly(await transcriptHtml(run.harness.bot.client, shot.messages, shot.leadMs)),
              },
        );
      }
    } finally {
      await run.harness.close();
    }
    console.log('taking the pictures…');

    await mkdir(IMAGES, { recursive: true });
    const refused = new Set<string>();
    const page = await openPage(browser, run.files, refused);
    for (const { name, html, selector } of pages) {
      const file = `${IMAGES}${name}${suffix}.png`;
      await shoot(page, html, selector, file);
      console.log(`wrote docs/images/${name}${suffix}.png`);
    }
    // Refused requests are the renderer's web fonts; anything else would be a picture with a hole.
    const unexpected = [...refused].filter((url) => !/\.(woff2?|ttf)$|fonts\./.test(url));
    if (unexpected.length > 0) console.warn(`not loaded (offline): ${unexpected.join(', ')}`);
  }
}

// Exits when done rather than when idle: the renderer's server-side drawing of a relative timestamp
// (DiscordTime in @derockdev/discord-components-core's hydrate) starts a refresh interval it never
// clears, which would keep the process alive for ever.
await main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
