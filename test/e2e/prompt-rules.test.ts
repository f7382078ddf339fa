/**
 * A server's prompt rules through the fake Discord, set on the dashboard in a real Chromium: a
 * prompt holding a word the server does not allow is refused privately, naming no word, with
 * nothing reserved or sent, on /imagine, on Again of a result made before the rule, and on Vary's
 * form; words that merely contain a pattern pass, and case and accents are folded.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../testkit/browser.ts';
import { ADMIN, ALICE, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { ephemeralReply } from './quota-helpers.ts';
import { makeResult, resultButton, resultOf, sentRequests } from './result-helpers.ts';
import { dashboardOf, signInWithBrowser, submitRule } from './web-admin-helpers.ts';

const h = useHarness({ per: 'file', web: true });
let browser: Browser;
const REFUSED = 'This prompt holds a word this server does not allow. Nothing was sent or charged.';

const reservations = async () =>
  (await h.bot.services.quotaLedger.forMember(GUILD, ALICE, 50)).filter((e) => e.kind === 'reserve').length;

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('prompt rules', () => {
  it('are refused on every path, privately, with nothing reserved or sent, once an admin adds them', async () => {
    const before = await makeResult(h, 'imagine', {
      prompt: 'a sleepy ñandú at dawn',
      model: 'lang-4o-image',
    });

    const { context, page } = await signInWithBrowser(h, browser, ADMIN);
    try {
      await page.goto(dashboardOf(h));
      for (const pattern of ['NANDU', 'dark wiz*']) {
        await page.locator('#prompt-pattern').fill(pattern);
        expect(await submitRule(page, 'rule-prompts form.add')).toBe(303);
        await page.locator('#notice.saved').waitFor();
      }
      expect(await page.locator('#prompt-patterns .pattern').allTextContents()).toEqual([
        'nandu',
        'dark wiz*',
      ]);
      await page.locator('#prompt-pattern').fill('f*x');
      expect(await submitRule(page, 'rule-prompts form.add')).toBe(400);
      expect(await page.locator('#notice.refused').textContent()).toContain('only at the end of a word');
    } finally {
      await context.close();
    }

    const sent = sentRequests(h).length;
    const held = await reservations();
    // /imagine, folded: Ñandú is nandu; and a phrase with its ending.
    for (const prompt of ['Two Ñandús? no: one ÑANDÚ', 'the dark wizardry of autumn']) {
      const refusal = await ephemeralReply(h, await h.command('imagine', [opt.string('prompt', prompt)]));
      expect(refusal.content).toBe(REFUSED);
    }
    // Again of a result made before the rule.
    const again = await ephemeralReply(h, await h.press(before.messageId, resultButton('again', before.job)));
    expect(again.content).toBe(REFUSED);
    // Vary's form, with the word typed in.
    const modal = await h.modalOf(await h.press(before.messageId, resultButton('vary', before.job)));
    const varied = await h.submitModal(
      modal.custom_id,
      { prompt: 'a nandu at dusk' },
      {},
      { messageId: before.messageId },
    );
    expect((await ephemeralReply(h, varied)).content).toBe(REFUSED);
    expect(sentRequests(h)).toHaveLength(sent);
    expect(await reservations()).toBe(held);
    expect(h.discord.calls.some((c) => JSON.stringify(c.body ?? '').includes('dark wiz'))).toBe(false);
  });

  it('are added, listed and removed with /quota prompts, and /imagine follows at once', async () => {
    const prompts = (name: string, options: ReturnType<typeof opt.string>[] = []) =>
      h.command('quota', [opt.group('prompts', opt.subcommand(name, options))], { userId: ADMIN });
    const added = await ephemeralReply(h, await prompts('add', [opt.string('pattern', 'Zèbre*')]));
    expect(added.content).toContain('Prompts holding `zebre*` are now refused');
    expect((await ephemeralReply(h, await prompts('add', [opt.string('pattern', 'z*b')]))).content).toBe(
      'A * may stand only at the end of a word, e.g. fox*.',
    );
    const listed = await ephemeralReply(h, await prompts('list'));
    expect(listed.content).toContain('`nandu`, `dark wiz*`, `zebre*`');
    const refused = await ephemeralReply(
      h,
      await h.command('imagine', [opt.string('prompt', 'two ZEBRAS, no: zébres, at noon')]),
    );
    expect(refused.content).toBe(REFUSED);
    expect(
      (await ephemeralReply(h, await prompts('remove', [opt.string('pattern', 'zebre*')]))).content,
    ).toContain('`zebre*` is allowed again');
    const audit = await h.bot.services.quotaAdmin.auditPage(GUILD, { limit: 3 });
    expect(audit.records.map((r) => [r.action, r.via])).toEqual([
      ['remove-prompt-pattern', 'command'],
      ['add-prompt-pattern', 'command'],
      ['add-prompt-pattern', 'web'],
    ]);
  });

  it('let through words that merely contain a pattern, and phrases whose words are not in a row', async () => {
    await h.bot.services.quotaAdmin.addPromptPattern(GUILD, 'ass', ADMIN);
    const result = await resultOf(
      h,
      await h.command('imagine', [
        opt.string('prompt', 'a classic class of bassoons, dark and wizened'),
        opt.string('model', 'lang-4o-image'),
      ]),
    );
    expect(result.job.status).toBe('completed');
  });
});
