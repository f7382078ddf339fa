import { type APIInteraction, Locale } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonInteraction } from '../../testkit/fake-discord.ts';
import { ADMIN, ART, BOB, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { buttonUpdate, deferredEphemeralReply, ephemeralReply, fieldsOf } from './quota-helpers.ts';
import { relabelButton } from './result-helpers.ts';
import { expectSentCustomIdsParse, shapeOf } from './sent-custom-ids.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  try {
    if (h) expectSentCustomIdsParse(h);
  } finally {
    await h?.close();
  }
});

const accountReads = () => h.sim.requests.filter((r) => r.path.endsWith('/account'));

/**
 * Generations charged to the same token without going through the bot's quota, as another
 * program using the token would. (Through the bot's own client: a test file that imports
 * src/media/client.ts before the harness loads undici 7 before discord.js's undici 6, and the
 * first one loaded owns the global dispatcher, which breaks discord.js's file uploads.)
 */
async function chargeOutsideTheBot(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await h.bot.services.media.createGeneration({ model: 'lang-4o-image', prompt: `outside ${i}` });
  }
}

async function clickPage(
  balance: APIInteraction,
  page: number,
  userId = ADMIN,
  customId = `balance:v1:page:${page}`,
): Promise<APIInteraction> {
  const message = h.discord.originalMessage(balance.token);
  if (!message) throw new Error('the /balance reply was not stored by the fake Discord');
  const click = buttonInteraction(h.discord, {
    customId,
    messageId: message.id,
    channelId: ART,
    userId,
  });
  await h.discord.sendInteraction(click);
  return click;
}

describe('/balance', () => {
  it("shows the account, this server's spend and a drift line that matches when only the bot spent", async () => {
    const imagine = await h.command('imagine', [
      opt.string('prompt', 'a fox'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    await h.jobDone(imagine);

    const answer = await deferredEphemeralReply(h, await h.command('balance', [], { userId: ADMIN }));
    const [account, log] = answer.embeds;
    const fields = fieldsOf(account);
    expect(fields.Balance).toBe('$99.90');
    expect(fields['Total spent (whole account)']).toBe('$0.10');
    expect(fields['This server, today']).toBe('$0.10 charged (ledger, refunds deducted)');
    expect(account?.description).toMatch(
      /^\*\*Drift\*\* today \(since <t:\d+:f>\): this server's ledger shows \$0\.10, the service's usage log \$0\.10\. They match\.$/,
    );
    expect(log?.title).toBe('Usage log (whole account) · page 1 of 1');
    // The catalog's name of the model, not the service's key (nano_fruit_pro).
    expect(log?.description).toMatch(/^`#1` <t:\d+:R> · Nano Fruit Pro · image · \$0\.10$/);
    expect(log?.footer?.text).toBe('1 record');
  });

  it('shows the drift when the token was charged outside the bot, and pages through the usage log', async () => {
    const imagine = await h.command('imagine', [
      opt.string('prompt', 'a fox'),
      opt.string('model', 'lang-4o-image'),
    ]);
    await h.jobDone(imagine);
    await chargeOutsideTheBot(11);

    const balance = await h.command('balance', [], { userId: ADMIN });
    const first = await deferredEphemeralReply(h, balance);
    expect(first.embeds[0]?.description).toContain(
      "this server's ledger shows $0.02, the service's usage log $0.24. The service charged $0.22 more than the ledger shows",
    );
    expect(first.embeds[1]?.title).toBe('Usage log (whole account) · page 1 of 2');
    expect(first.embeds[1]?.description?.split('\n')).toHaveLength(10);
    expect(first.embeds[1]?.description).toMatch(/^`#12` /);
    expect(first.components[0]?.components.map((b) => [b.custom_id, b.disabled ?? false])).toEqual([
      ['balance:v1:page:1', true],
      ['balance:v1:page:2', false],
    ]);

    expect(expectSentCustomIdsParse(h).map(shapeOf)).toContain('balance');

    const second = await buttonUpdate(h, await clickPage(balance, 2));
    // The account embed stays; only the log moves to page 2.
    expect(second.embeds[0]?.description).toBe(first.embeds[0]?.description);
    expect(second.embeds[1]?.title).toBe('Usage log (whole account) · page 2 of 2');
    expect(second.embeds[1]?.description?.split('\n')).toEqual([
      expect.stringMatching(/^`#2` /),
      expect.stringMatching(/^`#1` .* · Lang 4o Image · image · \$0\.02$/),
    ]);
    expect(second.components[0]?.components.map((b) => [b.custom_id, b.disabled ?? false])).toEqual([
      ['balance:v1:page:1', false],
      ['balance:v1:page:3', true],
    ]);

    const back = await buttonUpdate(h, await clickPage(balance, 1));
    expect(back.embeds[1]?.title).toBe('Usage log (whole account) · page 1 of 2');
  });

  it('speaks German to a German admin: German words and German money, the buttons too', async () => {
    const imagine = await h.command('imagine', [
      opt.string('prompt', 'a fox'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    await h.jobDone(imagine);
    await chargeOutsideTheBot(11);
    const balance = await h.command('balance', [], { userId: ADMIN, locale: Locale.German });
    const answer = await deferredEphemeralReply(h, balance);
    const [account, log] = answer.embeds;
    expect(account?.title).toBe('Konto beim Generierungsdienst');
    const fields = fieldsOf(account);
    expect(fields.Guthaben).toBe('99,68\u00a0$');
    expect(fields['Dieser Server, heute']).toBe(
      '0,10\u00a0$ berechnet (laut Buchungen, abzüglich Erstattungen)',
    );
    expect(account?.description).toMatch(
      /^\*\*Abweichung\*\* heute \(seit <t:\d+:f>\): Die Buchungen dieses Servers zeigen 0,10\u00a0\$, das Nutzungsprotokoll des Dienstes 0,32\u00a0\$\. Der Dienst hat 0,22\u00a0\$ mehr berechnet, als die Buchungen zeigen/,
    );
    expect(log?.title).toBe('Nutzungsprotokoll (ganzes Konto) · Seite 1 von 2');
    expect(log?.description?.split('\n')[0]).toMatch(
      /^`#12` <t:\d+:R> · Lang 4o Image · Bild · 0,02\u00a0\$$/,
    );
    expect(log?.footer?.text).toBe('12 Einträge');
    expect(answer.components[0]?.components.map((b) => b.label)).toEqual(['Zurück', 'Weiter']);

    // The next page speaks the language of whoever presses.
    const message = h.discord.originalMessage(balance.token);
    if (!message) throw new Error('the /balance reply was not stored by the fake Discord');
    const click = buttonInteraction(h.discord, {
      customId: 'balance:v1:page:2',
      messageId: message.id,
      channelId: ART,
      userId: ADMIN,
      locale: Locale.German,
    });
    await h.discord.sendInteraction(click);
    const second = await buttonUpdate(h, click);
    expect(second.embeds[1]?.title).toBe('Nutzungsprotokoll (ganzes Konto) · Seite 2 von 2');
    expect(second.embeds[1]?.description?.split('\n')[1]).toMatch(/ · Nano Fruit Pro · Bild · 0,10\u00a0\$$/);
  });

  it('pages from a /balance posted before the ids were versioned', async () => {
    await chargeOutsideTheBot(11);
    const balance = await h.command('balance', [], { userId: ADMIN });
    await deferredEphemeralReply(h, balance);
    const message = h.discord.originalMessage(balance.token);
    if (!message) throw new Error('the /balance reply was not stored by the fake Discord');
    relabelButton(h, message.id, 'balance:v1:page:2', 'balance:page:2');
    const second = await buttonUpdate(h, await clickPage(balance, 2, ADMIN, 'balance:page:2'));
    expect(second.embeds[1]?.title).toBe('Usage log (whole account) · page 2 of 2');
  });

  it('refuses a member without Manage Server, for the command and for its buttons, without asking the service', async () => {
    const refused = await ephemeralReply(h, await h.command('balance', [], { userId: BOB }));
    expect(refused.content).toBe('Only members with the Manage Server permission can use /balance.');
    expect(accountReads()).toHaveLength(0);

    const balance = await h.command('balance', [], { userId: ADMIN });
    await deferredEphemeralReply(h, balance);
    const usageReads = h.sim.requests.filter((r) => r.path.endsWith('/account/usage')).length;
    const click = await clickPage(balance, 2, BOB);
    const answer = await ephemeralReply(h, click);
    expect(answer.content).toBe('Only members with the Manage Server permission can use /balance.');
    expect(h.sim.requests.filter((r) => r.path.endsWith('/account/usage'))).toHaveLength(usageReads);
  });

  it("names the command as the member's Discord does when it refuses them: /guthaben in German", async () => {
    const refused = await ephemeralReply(
      h,
      await h.command('balance', [], { userId: BOB, locale: Locale.German }),
    );
    expect(refused.content).toBe(
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ können /guthaben verwenden.',
    );
    expect(accountReads()).toHaveLength(0);
  });
});

describe('/balance on a slow service', () => {
  it('defers the page update when the usage log takes longer than Discord waits, then shows the page', async () => {
    await h.close();
    // 60 real ms is 6 s of the harness clock (100 times faster): past the 2 s the bot waits before deferring.
    h = await startHarness({ simulator: { latencyMs: 60 } });
    await chargeOutsideTheBot(11);
    const balance = await h.command('balance', [], { userId: ADMIN });
    await deferredEphemeralReply(h, balance);

    const click = await clickPage(balance, 2);
    const callback = await h.callbackOf(click);
    expect(callback.body).toMatchObject({ type: 6 });
    const edit = await h.editOf(click);
    expect((edit.body as { embeds: { title: string }[] }).embeds[1]?.title).toBe(
      'Usage log (whole account) · page 2 of 2',
    );
  });
});
