/**
 * An admin takes a result down on the web, in a real Chromium against the bot on the fake Discord:
 * the message is deleted in Discord, the gallery and a search for its prompt no longer show it on
 * the very page the form leads to, the audit page says who took down whose result and where, and
 * the member is not refunded. A batch's message takes its other takes with it. A second click, or
 * two admins at once, are told it is down and leave one record; a message Discord deleted already
 * still leaves the gallery and is recorded; a refusal of Discord's changes nothing and says so; a
 * member who does not manage the server gets 404 and sees no button, a POST without the form token
 * or from another site 403.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InProcessLock } from '../../src/locks.ts';
import type { AuditRecord } from '../../src/quota/rule-fields.ts';
import { launchChromium } from '../../testkit/browser.ts';
import { faults } from '../../testkit/fake-discord/faults.ts';
import { stateOf } from '../../testkit/fake-discord/state.ts';
import {
  ADMIN,
  ADMINS_ROLE,
  ALICE,
  ART,
  BOB,
  GUILD,
  OTHER,
  opt,
  useHarness,
} from '../support/bot-harness.ts';
import { signInWithBrowser, siteOf } from './web-admin-helpers.ts';

const h = useHarness({ per: 'file', web: true });
let browser: Browser;

const site = () => siteOf(h);
const gallery = (query = '') => `${site()}/servers/${GUILD}${query}`;
const takeDownPath = (generationId: string) =>
  `${site()}/servers/${GUILD}/admin/results/${generationId}/take-down`;
const signIn = (userId: string) => signInWithBrowser(h, browser, userId);

interface Made {
  generationId: string;
  messageId: string;
}

/** /imagine as Alice in #art (or `channelId`), once its result is in the gallery's index. */
async function make(prompt: string, channelId = ART): Promise<Made> {
  const interaction = await h.command('imagine', [opt.string('prompt', prompt)], {
    userId: ALICE,
    channelId,
  });
  const job = await h.jobDone(interaction);
  await h.bot.delivery.idle();
  const stored = await h.bot.services.jobs.get(job.generationId);
  const messageId = stored?.reply.messageId;
  if (!messageId) throw new Error('no message');
  await expect.poll(() => h.bot.results.get(GUILD, job.generationId)).toBeDefined();
  return { generationId: job.generationId, messageId };
}

const inDiscord = (m: Made, channelId = ART) =>
  h.discord.messages(channelId).some((x) => x.id === m.messageId);
const inIndex = async (m: Made) => (await h.bot.results.get(GUILD, m.generationId)) !== undefined;
const takeDowns = async (): Promise<AuditRecord[]> =>
  (await h.bot.services.quotaAdmin.auditPage(GUILD, { limit: 100 })).records.filter(
    (r) => r.action === 'take-down',
  );
const ofResult = async (m: Made) => (await takeDowns()).filter((r) => r.detail.messageId === m.messageId);

/** Nothing was taken down: the message is in Discord, the result in the gallery, no record. */
async function expectUntouched(m: Made): Promise<void> {
  expect(inDiscord(m)).toBe(true);
  expect(await inIndex(m)).toBe(true);
  expect(await ofResult(m)).toEqual([]);
}

/** The generation ids of the tiles the gallery shows. */
async function tiles(page: Page): Promise<string[]> {
  const ids = await Promise.all(
    (await page.locator('#results .tile').all()).map((t) => t.getAttribute('data-id')),
  );
  return ids.filter((id): id is string => id !== null);
}

/** The session's form token, as every page's sign-out form carries it. */
async function formToken(page: Page): Promise<string> {
  return (await page.locator('input[name=_csrf]').first().getAttribute('value')) ?? '';
}

/** A take-down's POST from the page's session (the headers given), not followed. */
function post(
  page: Page,
  generationId: string,
  form: Record<string, string>,
  headers: Record<string, string>,
) {
  return page.request.post(takeDownPath(generationId), { form, headers, maxRedirects: 0 });
}

/** Presses the tile's Take down, answers the question, and waits for the gallery it leads to. */
async function takeDownOnTile(page: Page, generationId: string): Promise<void> {
  page.once('dialog', (dialog) => void dialog.accept());
  await Promise.all([
    page.waitForURL(/takenDown=/),
    page.locator(`#results .tile[data-id="${generationId}"] button.danger`).click(),
  ]);
}

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('an admin taking a result down on the gallery', () => {
  it('deletes its message, and the gallery, its search and the audit page say so at once; no refund', async () => {
    const fox = await make('a mischievous fox stealing socks');
    const owl = await make('a mischievous owl reading at night');
    const spent = (await h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] }))
      .spentMicros;
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(gallery('?q=mischievous'));
      expect((await tiles(page)).sort()).toEqual([fox.generationId, owl.generationId].sort());
      await takeDownOnTile(page, fox.generationId);

      // The page the form led to: the same search, the fox gone, the notice.
      expect(new URL(page.url()).searchParams.get('q')).toBe('mischievous');
      expect(await tiles(page)).toEqual([owl.generationId]);
      expect(await page.locator('#notice').textContent()).toContain(
        'Taken down: the result of alice is deleted in Discord and gone from the gallery.',
      );
      expect(inDiscord(fox)).toBe(false);
      expect(inDiscord(owl)).toBe(true);
      await page.goto(gallery('?q=fox'));
      expect(await tiles(page)).toEqual([]);
      expect(await page.locator('#count').textContent()).toBe('0 results');
      const direct = await page.goto(`${gallery()}/results/${fox.generationId}`);
      expect(direct?.status()).toBe(404);

      await page.goto(`${gallery()}/admin/audit`);
      const row = page.locator('#audit-table tbody tr[data-action="take-down"]');
      expect(await row.count()).toBe(1);
      const cells = (await row.locator('td').allTextContents()).map((t) => t.trim());
      expect(cells[1]).toBe('ada');
      expect(cells[2]).toBe('on the dashboard');
      expect(cells[3]).toContain('took down the result of alice in #art');
      expect(cells[3]).toContain('a mischievous fox stealing socks');
    } finally {
      await context.close();
    }
    expect(await ofResult(fox)).toMatchObject([
      { by: ADMIN, via: 'web', detail: { generationId: fox.generationId, channelId: ART, authorId: ALICE } },
    ]);
    const ledger = await h.bot.services.quotaLedger.forMember(GUILD, ALICE, 50);
    expect(ledger.map((e) => e.kind)).not.toContain('refund');
    expect(
      (await h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] })).spentMicros,
    ).toBe(spent);
  });

  it('takes nothing down when the admin answers no to the question', async () => {
    const heron = await make('a patient heron in the reeds');
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(gallery('?q=heron'));
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.message());
          void dialog.dismiss();
        }),
      );
      await page.locator(`#results .tile[data-id="${heron.generationId}"] button.danger`).click();
      expect(await asked).toContain('The member is not refunded.');
      await page.reload();
      expect(await tiles(page)).toEqual([heron.generationId]);
    } finally {
      await context.close();
    }
    expect(inDiscord(heron)).toBe(true);
    expect(await ofResult(heron)).toEqual([]);
  });

  it('from the result’s page too, back to the gallery', async () => {
    const crab = await make('a crab juggling pebbles');
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(`${gallery()}/results/${crab.generationId}`);
      page.once('dialog', (dialog) => void dialog.accept());
      await Promise.all([page.waitForURL(/takenDown=/), page.locator('form.take-down button').click()]);
      expect(new URL(page.url()).pathname).toBe(`/servers/${GUILD}`);
      expect(await tiles(page)).not.toContain(crab.generationId);
      expect(await page.locator('#notice').textContent()).toContain('Taken down');
    } finally {
      await context.close();
    }
    expect(inDiscord(crab)).toBe(false);
    expect(await ofResult(crab)).toHaveLength(1);
  });

  it("takes a batch's other takes with its message, and their buttons then say it is down", async () => {
    const interaction = await h.command(
      'imagine',
      [opt.string('prompt', 'two penguins sharing an umbrella'), opt.integer('count', 2)],
      { userId: ALICE },
    );
    await h.jobDone(interaction);
    await h.bot.delivery.idle();
    const search = { guildId: GUILD, viewableChannelIds: new Set([ART]), text: 'penguins', limit: 10 };
    await expect.poll(async () => (await h.bot.results.search(search)).results.length).toBe(2);
    const takes = (await h.bot.results.search(search)).results;
    const [first, second] = takes.map((t) => ({ generationId: t.generationId, messageId: t.messageId }));
    if (!first || !second) throw new Error('no batch');
    expect(first.messageId).toBe(second.messageId);

    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(gallery('?q=penguins'));
      await takeDownOnTile(page, first.generationId);
      expect(await tiles(page)).toEqual([]);
      expect(inDiscord(first)).toBe(false);
      // A tab still showing the other take: its button finds it down, and nothing more happens.
      const again = await post(
        page,
        second.generationId,
        { _csrf: await formToken(page), back: 'q=penguins' },
        { origin: new URL(site()).origin },
      );
      expect(again.status()).toBe(303);
      expect(again.headers().location).toBe(
        `/servers/${GUILD}?q=penguins&takenDown=${second.generationId}#notice`,
      );
    } finally {
      await context.close();
    }
    expect(await ofResult(first)).toHaveLength(1);
  });
});

describe('a take-down Discord does not carry out', () => {
  it('of a message Discord deleted already (unheard of by the bot) still takes it off the gallery, recorded', async () => {
    const moth = await make('a moth circling a lamp');
    // Gone in Discord without the gateway's word reaching the bot (it was away).
    const stored = stateOf(h.discord).messages.get(moth.messageId);
    if (!stored) throw new Error('no message');
    stored.deleted = true;
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(gallery('?q=moth'));
      await takeDownOnTile(page, moth.generationId);
      expect(await tiles(page)).toEqual([]);
      expect(await page.locator('#notice').textContent()).toContain('Taken down');
    } finally {
      await context.close();
    }
    expect(await inIndex(moth)).toBe(false);
    expect(await ofResult(moth)).toHaveLength(1);
  });

  it('refused by Discord, changes nothing and says so', async () => {
    const lynx = await make('a lynx on a snowy branch');
    h.discord.injectFault({
      kind: 'refuse',
      status: 403,
      code: 50013,
      message: 'Missing Permissions',
      match: (r) => r.route === 'messageDelete' && r.path.endsWith(`/messages/${lynx.messageId}`),
    });
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(gallery('?q=lynx'));
      page.once('dialog', (dialog) => void dialog.accept());
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.locator(`#results .tile[data-id="${lynx.generationId}"] button.danger`).click(),
      ]);
      expect(response.status()).toBe(502);
      await page.locator('#notice.refused').waitFor();
      expect(await page.locator('#notice').textContent()).toContain(
        'Discord did not delete the message, so nothing was changed',
      );
      await page.getByRole('link', { name: 'Back to the gallery' }).click();
      await page.waitForURL(/q=lynx/);
      expect(await tiles(page)).toEqual([lynx.generationId]);
    } finally {
      await context.close();
    }
    await expectUntouched(lynx);
  });

  it('whose answers Discord loses, though it deleted the message, is taken down and recorded', async () => {
    const wren = await make('a wren on a fence post');
    // Carried out, then every answer (and discord.js's retries') a 502.
    h.discord.injectFault({
      kind: 'lose-answer',
      status: 502,
      times: Number.POSITIVE_INFINITY,
      match: (r) => r.route === 'messageDelete' && r.path.endsWith(`/messages/${wren.messageId}`),
    });
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(gallery());
      const origin = new URL(site()).origin;
      const answer = await post(page, wren.generationId, { _csrf: await formToken(page) }, { origin });
      expect(answer.status()).toBe(303);
    } finally {
      await context.close();
    }
    expect(inDiscord(wren)).toBe(false);
    expect(await inIndex(wren)).toBe(false);
    expect(await ofResult(wren)).toHaveLength(1);
  });

  it('when Discord fails and cannot say whether the message is gone, says it is not known, and records nothing', async () => {
    const newt = await make('a newt in a mossy pond');
    const failing = (route: string) => ({
      kind: 'refuse' as const,
      status: 500,
      times: Number.POSITIVE_INFINITY,
      match: (r: { route: string; path: string }) =>
        r.route === route && r.path.endsWith(`/messages/${newt.messageId}`),
    });
    h.discord.injectFault(failing('messageDelete'));
    h.discord.injectFault(failing('messageGet'));
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(gallery());
      const origin = new URL(site()).origin;
      const answer = await post(page, newt.generationId, { _csrf: await formToken(page) }, { origin });
      expect(answer.status()).toBe(502);
      expect(await answer.text()).toContain('it is not known whether the message was deleted');
    } finally {
      await context.close();
    }
    await expectUntouched(newt);
  });
});

describe('who may take a result down', () => {
  it('not a member who does not manage the server: no button, and 404 for the POST', async () => {
    const mole = await make('a mole with tiny spectacles');
    const { context, page } = await signIn(BOB);
    try {
      await page.goto(gallery('?q=mole'));
      expect(await tiles(page)).toEqual([mole.generationId]);
      expect(await page.locator('form.take-down').count()).toBe(0);
      await page.goto(`${gallery()}/results/${mole.generationId}`);
      expect(await page.locator('form.take-down').count()).toBe(0);
      const response = await post(
        page,
        mole.generationId,
        { _csrf: await formToken(page) },
        { origin: new URL(site()).origin },
      );
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toContain('mole');
    } finally {
      await context.close();
    }
    await expectUntouched(mole);
  });

  it('not an admin who cannot view the result’s channel: 404, whatever is recorded, and nothing taken down', async () => {
    // #general hidden from @everyone: the admin manages the server but cannot view it.
    await h.discord.setChannelOverwrites(OTHER, [
      { id: GUILD, type: 'role', deny: String(PermissionFlagsBits.ViewChannel) },
    ]);
    try {
      const vole = await make('a vole in a hidden burrow', OTHER);
      const { context, page } = await signIn(ADMIN);
      try {
        await page.goto(gallery());
        const origin = new URL(site()).origin;
        const answer = await post(page, vole.generationId, { _csrf: await formToken(page) }, { origin });
        expect(answer.status()).toBe(404);
        expect(await answer.text()).not.toContain('vole');
      } finally {
        await context.close();
      }
      expect(inDiscord(vole, OTHER)).toBe(true);
      expect(await inIndex(vole)).toBe(true);
      expect(await ofResult(vole)).toEqual([]);
    } finally {
      await h.discord.setChannelOverwrites(OTHER, []);
    }
  });

  it('not a POST without the form token or from another site (403), even an admin’s', async () => {
    const toad = await make('a toad under a mushroom');
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(gallery());
      const csrf = await formToken(page);
      const origin = new URL(site()).origin;
      const answers = await Promise.all([
        post(page, toad.generationId, {}, { origin }),
        post(page, toad.generationId, { _csrf: 'x'.repeat(csrf.length) }, { origin }),
        post(page, toad.generationId, { _csrf: csrf }, { origin: 'http://evil.example' }),
      ]);
      expect(answers.map((a) => a.status())).toEqual([403, 403, 403]);
      // An address that is no result of the server's is 404.
      expect((await post(page, 'no-such-result', { _csrf: csrf }, { origin })).status()).toBe(404);
    } finally {
      await context.close();
    }
    await expectUntouched(toad);
  });
});

describe('a take-down tried twice, or by two admins at once', () => {
  it('a second click while Discord has not yet answered the first waits for it and is told it is down', async () => {
    const crab = await make('a crab tidying a rock pool');
    const firstDeleted = Promise.withResolvers<void>();
    const answerFirst = Promise.withResolvers<void>();
    const secondAtTheLock = Promise.withResolvers<void>();
    // Discord deletes the message (and says so on the gateway) but answers the bot's DELETE late.
    h.discord.injectFault(
      faults.answerLate(
        (r) => r.route === 'messageDelete' && r.path.endsWith(`/messages/${crab.messageId}`),
        async () => {
          firstDeleted.resolve();
          await answerFirst.promise;
        },
      ),
    );
    // One process on SQLite: the server's take-down lock is the in-process one. Watched, not changed.
    const withLock = InProcessLock.prototype.withLock;
    let takeDownsAtTheLock = 0;
    const watching = vi.spyOn(InProcessLock.prototype, 'withLock').mockImplementation(function (
      this: InProcessLock,
      key,
      fn,
    ) {
      if (key.startsWith('takedown:') && ++takeDownsAtTheLock === 2) secondAtTheLock.resolve();
      return withLock.call(this, key, fn);
    });
    const { context, page } = await signIn(ADMIN);
    try {
      const origin = new URL(site()).origin;
      await page.goto(gallery());
      const csrf = await formToken(page);
      const first = post(page, crab.generationId, { _csrf: csrf }, { origin });
      await firstDeleted.promise;
      // Discord's word of the deletion empties the index before the first has recorded anything.
      await expect.poll(() => inIndex(crab)).toBe(false);
      const second = post(page, crab.generationId, { _csrf: csrf }, { origin });
      // Discord answers the first once the second waits for it (or has been answered without waiting).
      await Promise.race([secondAtTheLock.promise, second]);
      answerFirst.resolve();
      expect([(await first).status(), (await second).status()]).toEqual([303, 303]);
      expect(await ofResult(crab)).toHaveLength(1);
      expect(inDiscord(crab)).toBe(false);
      await page.goto(gallery(`?takenDown=${crab.generationId}`));
      expect(await page.locator('#notice').textContent()).toContain('Taken down: the result of alice');
    } finally {
      answerFirst.resolve();
      watching.mockRestore();
      await context.close();
    }
  });

  it('is done once, recorded once, and each is told it is down (the later one, by whom)', async () => {
    const seal = await make('a seal balancing a teacup');
    // Bob made an admin (the last test of the file: the gallery may see his roles a few seconds old).
    await h.discord.setMemberRoles(GUILD, BOB, [ADMINS_ROLE]);
    const ada = await signIn(ADMIN);
    const bob = await signIn(BOB);
    try {
      const origin = new URL(site()).origin;
      await ada.page.goto(gallery());
      await bob.page.goto(gallery());
      const [one, two, three] = await Promise.all([
        post(ada.page, seal.generationId, { _csrf: await formToken(ada.page) }, { origin }),
        post(ada.page, seal.generationId, { _csrf: await formToken(ada.page) }, { origin }),
        post(bob.page, seal.generationId, { _csrf: await formToken(bob.page) }, { origin }),
      ]);
      expect([one?.status(), two?.status(), three?.status()]).toEqual([303, 303, 303]);
      const [record, ...more] = await ofResult(seal);
      expect(more).toEqual([]);
      expect(inDiscord(seal)).toBe(false);
      expect(await inIndex(seal)).toBe(false);

      // Whoever came second is told who did it; the first, that they did.
      const later = record?.by === ADMIN ? bob.page : ada.page;
      const first = record?.by === ADMIN ? ada.page : bob.page;
      await later.goto(gallery(`?takenDown=${seal.generationId}`));
      expect(await later.locator('#notice').textContent()).toMatch(
        /^(ada|bob) already took this result down \(.+ UTC\)\. Nothing more was done\.$/,
      );
      await first.goto(gallery(`?takenDown=${seal.generationId}`));
      expect(await first.locator('#notice').textContent()).toContain('Taken down: the result of alice');
    } finally {
      await ada.context.close();
      await bob.context.close();
      await h.discord.setMemberRoles(GUILD, BOB, []);
    }
  });
});
