/**
 * README's pictures of the web side (docs/images/web-*.png): the gallery, a search, a result's
 * page, the admins' dashboard and its members table, in a real Chromium at a laptop's size, from a run of the real bot with its web side on, on
 * the fake Discord (which plays Discord's OAuth2 too) and the simulator. Members ask for a dozen
 * results in #art, then one of them signs in through the fake's consent page as a member does; the
 * pages load the results' files from the fake Discord's attachment links, so what they show is the
 * simulator's real output (its images are plain squares; its videos have no frames to show).
 *
 * The page's language is the one the member set in Discord (GET /users/@me's `locale`), which wins
 * over the browser's: both are set to the language asked, as a German member's would be.
 */
import type { APIApplicationCommandInteractionDataOption, Locale } from 'discord.js';
import type { Browser, Page } from 'playwright-core';
import { type Harness, startHarness } from '../../testkit/bot-harness.ts';
import { ADMIN, ALICE, BOB, GUILD, PATRON_ROLE } from '../../testkit/ids.ts';
import { opt } from '../../testkit/options.ts';

/** A laptop's window; one device pixel per CSS pixel keeps the files small. */
const VIEWPORT = { width: 1280, height: 800 };

/** The word of the search picture: it is in three of the prompts below. */
const SEARCH_WORD = 'fox';

interface Ask {
  command: 'imagine' | 'video';
  prompt: string;
  userId: string;
  options?: APIApplicationCommandInteractionDataOption[];
}

/** Oldest first (the gallery shows the newest first): three members, several models, one video. */
const ASKS: Ask[] = [
  { command: 'imagine', userId: BOB, prompt: 'portrait of an old sailor with a pipe, charcoal sketch' },
  {
    command: 'imagine',
    userId: ALICE,
    prompt: 'a red fox curled up asleep in fresh snow, watercolour',
    options: [opt.string('model', 'dream-4.5')],
  },
  {
    command: 'imagine',
    userId: ADMIN,
    prompt: 'isometric cosy reading nook with plants and warm lamps',
    options: [opt.string('model', 'nano-fruit-2'), opt.string('aspect_ratio', '1:1')],
  },
  {
    command: 'imagine',
    userId: BOB,
    prompt: 'neon-lit ramen stall on a rainy street at night, cinematic',
    options: [opt.string('aspect_ratio', '16:9')],
  },
  {
    command: 'video',
    userId: ALICE,
    prompt: 'a slow pan over misty hills at sunrise',
    options: [opt.string('model', 'quick-video-1')],
  },
  {
    command: 'imagine',
    userId: BOB,
    prompt: 'a fox and a hare sharing tea under an old oak, storybook illustration',
    options: [opt.string('model', 'dream-5.0-lite')],
  },
  { command: 'imagine', userId: ADMIN, prompt: 'a paper boat on a puddle after the rain, macro photo' },
  {
    command: 'imagine',
    userId: ALICE,
    prompt: 'a tiny fox astronaut waving from the moon, children’s book style',
    options: [opt.string('model', 'lang-4o-image')],
  },
  {
    command: 'imagine',
    userId: BOB,
    prompt: 'a bowl of ramen as a planet with chopstick rings, flat vector art',
  },
  {
    command: 'imagine',
    userId: ADMIN,
    prompt: 'a cat in a spacesuit floating past Saturn',
    options: [opt.string('model', 'dream-4.5'), opt.string('aspect_ratio', '3:4')],
  },
  {
    command: 'imagine',
    userId: ALICE,
    prompt: 'low-poly mountain lake at golden hour, soft shadows',
    options: [opt.string('model', 'nano-fruit-2')],
  },
  {
    command: 'imagine',
    userId: ALICE,
    prompt: 'a lighthouse on a cliff at dusk, oil painting',
    options: [opt.string('model', 'lang-image-2'), opt.string('aspect_ratio', '16:9')],
  },
];

/** The BCP 47 tag a browser of that Discord language sends (`de` → `de-DE`). */
function browserLocale(locale: Locale | undefined): string {
  if (!locale) return 'en-US';
  const full = new Intl.Locale(locale).maximize();
  return full.region ? `${full.language}-${full.region}` : locale;
}

/** Every result asked and delivered (so indexed); the generation id of the last. */
async function makeResults(h: Harness, locale: Locale | undefined): Promise<string> {
  let last = '';
  for (const ask of ASKS) {
    const interaction = await h.command(
      ask.command,
      [opt.string('prompt', ask.prompt), ...(ask.options ?? [])],
      {
        userId: ask.userId,
        ...(locale ? { locale } : {}),
      },
    );
    const job = await h.jobDone(interaction);
    if (job.status !== 'completed') throw new Error(`/${ask.command} "${ask.prompt}" ended ${job.status}`);
    last = job.generationId;
  }
  await h.bot.delivery.idle();
  return last;
}

/**
 * Waits until every image of the page has loaded (the gallery's are lazy: they are told to load
 * now, as the full-page picture shows those below the fold), and fails on one that cannot.
 */
async function imagesLoaded(page: Page, file: string): Promise<void> {
  // Strings: this project's TypeScript has no DOM types.
  await page.evaluate(`for (const img of document.images) img.loading = 'eager'`);
  await page.waitForFunction('[...document.images].every((img) => img.complete)');
  const broken = await page.evaluate<string[]>(
    '[...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.src)',
  );
  if (broken.length > 0) throw new Error(`${file}: images that did not load: ${broken.join(', ')}`);
}

/**
 * The admins' dashboard and its members table, as ADMIN (Manage Server) sees them after a few
 * changes of the rules: two with /quota's own service (as the command makes them) and one on the
 * page itself, so the latest changes show both.
 */
async function dashboardShots(
  h: Harness,
  browser: Browser,
  site: string,
  options: { locale?: Locale; dir: string; suffix: string },
): Promise<string[]> {
  const admin = h.bot.services.quotaAdmin;
  await admin.setBudget(GUILD, 20_000_000, ADMIN);
  await admin.setRoleAllowance(GUILD, PATRON_ROLE, 3_000_000, ADMIN);
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: browserLocale(options.locale),
    colorScheme: 'light',
    timezoneId: 'UTC',
  });
  try {
    h.discord.setOAuthUser(ADMIN, options.locale ? { locale: options.locale } : {});
    const page = await context.newPage();
    await page.goto(`${site}/login`);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL(`${site}/`);
    await page.goto(`${site}/servers/${GUILD}/admin`);
    // A change on the page itself, as an admin makes it: the default allowance raised to $2.
    await page.locator('#default-usd').fill('2');
    await page.locator('#rule-default button[type=submit]').click();
    await page.locator('#notice.saved').waitFor();
    const written: string[] = [];
    for (const [name, path] of [
      ['web-dashboard', `/servers/${GUILD}/admin`],
      ['web-members', `/servers/${GUILD}/admin/members`],
    ] as const) {
      const file = `${name}${options.suffix}.png`;
      await page.goto(`${site}${path}`, { waitUntil: 'load' });
      await page.screenshot({ path: `${options.dir}${file}`, fullPage: true, animations: 'disabled' });
      written.push(file);
    }
    return written;
  } finally {
    await context.close();
  }
}

/** The gallery's three pictures and the dashboard's two; answers the file names written under `dir` (`web-gallery<suffix>.png`, …). */
export async function webShots(
  browser: Browser,
  options: { locale?: Locale; dir: string; suffix: string },
): Promise<string[]> {
  const h = await startHarness({ web: true });
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: browserLocale(options.locale),
    colorScheme: 'light',
    // The gallery writes its dates in UTC; the result's page in the reader's zone, here the same.
    timezoneId: 'UTC',
  });
  try {
    const site = h.bot.web?.publicUrl;
    if (!site) throw new Error('the web side did not start');
    const resultId = await makeResults(h, options.locale);

    // Signing in as a member does: the home page's button, Discord's consent page, back home.
    h.discord.setOAuthUser(ALICE, options.locale ? { locale: options.locale } : {});
    const page = await context.newPage();
    await page.goto(`${site}/`);
    await page.locator('a[href="/login"]').first().click();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL(`${site}/`);
    // A page that fell back to English would make German pictures that are not.
    const lang = await page.locator('html').getAttribute('lang');
    if (options.locale && !options.locale.startsWith('en') && lang === 'en') {
      throw new Error(`the pages are in English, not in ${options.locale}`);
    }

    const written: string[] = [];
    const shoot = async (name: string, path: string) => {
      const file = `${name}${options.suffix}.png`;
      await page.goto(`${site}${path}`, { waitUntil: 'load' });
      await imagesLoaded(page, file);
      await page.screenshot({ path: `${options.dir}${file}`, fullPage: true, animations: 'disabled' });
      written.push(file);
    };
    await shoot('web-gallery', `/servers/${GUILD}`);
    await shoot('web-search', `/servers/${GUILD}?q=${SEARCH_WORD}`);
    await shoot('web-result', `/servers/${GUILD}/results/${resultId}`);
    written.push(...(await dashboardShots(h, browser, site, options)));
    return written;
  } finally {
    await context.close();
    await h.close();
  }
}
