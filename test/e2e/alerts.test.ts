import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import {
  ADMIN,
  ART,
  BOB,
  GUILD,
  type Harness,
  type HarnessOptions,
  OTHER,
  opt,
  startHarness,
} from '../support/bot-harness.ts';
import {
  entity,
  ephemeralReply,
  fieldsOf,
  refusedAfterDefer,
  resolvedChannel,
  sub,
} from './quota-helpers.ts';

/** A German server beside the default one: its alerts channel and its admin. */
const DE_GUILD = '1500000000000000001';
const DE_ALERTS = '1500000000000000002';
const DE_ADMIN = '1500000000000000010';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(options: HarnessOptions = {}): Promise<Harness> {
  h = await startHarness(options);
  return h;
}

/** `/quota alerts` with the given options, as the admin; the bot's ephemeral answer. */
async function alerts(harness: Harness, options: unknown[], userId = ADMIN, channelId = ART) {
  const interaction = await harness.command('quota', [sub('alerts', options)], {
    userId,
    resolved: resolvedChannel(channelId, 'art'),
  });
  return ephemeralReply(harness, interaction);
}

const alertChannel = (harness: Harness, channelId = ART) =>
  alerts(harness, [entity.channel('channel', channelId)]);

/** The messages the bot posted in a channel (not interaction replies): alerts. */
function posted(harness: Harness, channelId = ART): RecordedCall[] {
  return harness.discord.calls.filter(
    (c) =>
      c.route === 'channelMessage' && c.method === 'POST' && c.path === `/channels/${channelId}/messages`,
  );
}

const contentOf = (call: RecordedCall) => (call.body as { content: string }).content;

function waitForAlert(harness: Harness, text: string, channelId = ART): Promise<RecordedCall> {
  return harness.discord.waitForCall(
    (c) =>
      c.route === 'channelMessage' &&
      c.path === `/channels/${channelId}/messages` &&
      c.status === 200 &&
      contentOf(c).includes(text),
  );
}

describe('/quota alerts', () => {
  it('shows, sets and turns off the alert channel and the balance threshold', async () => {
    const bot = await start();
    expect((await alerts(bot, [])).content).toMatch(/^Alerts are off\. .*falling below \$5\.00/);

    const set = await alerts(bot, [entity.channel('channel', ART), opt.string('below', '12.5')]);
    expect(set.content).toContain(
      `Alerts go to <#${ART}>: the shared balance falling below $12.50 (checked every hour)`,
    );
    expect(set.content).toContain('(401)');
    expect(set.content).toContain('(402)');
    let settings = await bot.bot.services.quotaAdmin.getSettings(GUILD);
    expect(settings).toMatchObject({ alertChannelId: ART, alertBelowMicros: 12_500_000 });
    expect((await alerts(bot, [])).content).toBe(set.content);
    const overview = await ephemeralReply(bot, await bot.command('quota', [sub('show')], { userId: ADMIN }));
    expect(fieldsOf(overview.embeds[0]).Alerts).toBe(`in <#${ART}> · balance below $12.50, 401, 402, drift`);

    // The threshold alone keeps the channel; off keeps the threshold for next time.
    expect((await alerts(bot, [opt.string('below', '0')])).content).toContain(
      `Alerts go to <#${ART}>: never the balance`,
    );
    expect((await alerts(bot, [opt.boolean('off', true)])).content).toMatch(/^Alerts are off\./);
    settings = await bot.bot.services.quotaAdmin.getSettings(GUILD);
    expect(settings.alertChannelId).toBeUndefined();
    expect(settings.alertBelowMicros).toBe(0);
    expect(posted(bot)).toHaveLength(0);
  });

  it('refuses members without Manage Server, a bad amount, and a channel together with off', async () => {
    const bot = await start();
    expect((await alerts(bot, [entity.channel('channel', ART)], BOB)).content).toBe(
      'Only members with the Manage Server permission can use /quota.',
    );
    expect((await alerts(bot, [opt.string('below', '-1')])).content).toContain("can't be negative");
    expect((await alerts(bot, [entity.channel('channel', ART), opt.boolean('off', true)])).content).toContain(
      'Nothing was changed',
    );
    expect((await bot.bot.services.quotaAdmin.getSettings(GUILD)).alertChannelId).toBeUndefined();
  });
});

describe('alerts posted in the alert channel', () => {
  it('tells of a balance below the threshold from the hourly timer, once per crossing', async () => {
    // 60 s of clock time between checks: 0.6 s of real time at the harness's 100 times.
    const bot = await start({ botOptions: { alerts: { intervalMs: 60_000 } } });
    await alerts(bot, [entity.channel('channel', ART), opt.string('below', '200')]);

    // Nothing but the timer checks: the alert comes from it.
    const alert = await waitForAlert(bot, 'shared balance is $100.00');
    expect(contentOf(alert)).toContain("below this server's alert threshold of $200.00");
    expect(alert.body).toMatchObject({ allowed_mentions: { parse: [] } });
    // Two more timer checks while the balance stays low post nothing more.
    await bot.bot.alerts.nextCheck();
    await bot.bot.alerts.nextCheck();
    expect(posted(bot)).toHaveLength(1);
    // The checks read the balance at poll priority through the shared budget; one request each.
    expect(bot.sim.requests.filter((r) => r.path.endsWith('/account')).length).toBeGreaterThanOrEqual(2);

    // Back above, then below again: a second alert.
    bot.sim.setBalanceUsd(300);
    await bot.bot.alerts.checkNow();
    expect(posted(bot)).toHaveLength(1);
    bot.sim.setBalanceUsd(150);
    await bot.bot.alerts.checkNow();
    expect(posted(bot).map(contentOf)).toEqual([
      expect.stringContaining('$100.00'),
      expect.stringContaining('$150.00'),
    ]);

    // A newly named channel is told afresh, though the balance stayed low.
    await alerts(bot, [entity.channel('channel', OTHER)], ADMIN, OTHER);
    await bot.bot.alerts.checkNow();
    expect(posted(bot, OTHER).map(contentOf)).toEqual([expect.stringContaining('$150.00')]);
    expect(posted(bot)).toHaveLength(2);
  });

  it('remembers across a restart that the low balance was told', async () => {
    const bot = await start();
    await alerts(bot, [entity.channel('channel', ART), opt.string('below', '200')]);
    await bot.bot.alerts.checkNow();
    expect(posted(bot)).toHaveLength(1);
    await bot.restart();
    // The check at start, then one more: neither posts again.
    await bot.bot.alerts.checkNow();
    expect(posted(bot)).toHaveLength(1);
  });

  it('tells of a 402 from the service once, however many requests it refuses', async () => {
    const bot = await start();
    await alertChannel(bot);
    bot.sim.setBalanceUsd(0.01);
    const first = await bot.command('imagine', [
      opt.string('prompt', 'an expensive idea'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    const alert = await waitForAlert(bot, '(402)');
    expect(contentOf(alert)).toContain('shared balance is used up');
    expect(contentOf(alert)).toContain('nothing was charged');
    // The member is told privately (generate.ts); the channel sees no reply about the balance.
    await refusedAfterDefer(bot, first);

    const second = await bot.command(
      'imagine',
      [opt.string('prompt', 'another expensive idea'), opt.string('model', 'nano-fruit-pro')],
      { userId: BOB },
    );
    const refused = await refusedAfterDefer(bot, second);
    expect(refused.content).toMatch(/used up/);
    await bot.bot.alerts.settled();
    expect(posted(bot)).toHaveLength(1);
  });

  it("tells each server in its own language: the 402 in a German server's German", async () => {
    const bot = await start({
      extraGuilds: [
        {
          id: DE_GUILD,
          name: 'Kunstclub',
          channels: [{ id: DE_ALERTS, name: 'warnungen' }],
          members: [{ userId: DE_ADMIN, username: 'chef' }],
          preferredLocale: 'de',
        },
      ],
    });
    await alertChannel(bot);
    await bot.bot.services.quotaAdmin.setAlerts(DE_GUILD, { channelId: DE_ALERTS }, DE_ADMIN);
    bot.sim.setBalanceUsd(0.01);
    await bot.command('imagine', [
      opt.string('prompt', 'an expensive idea'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    const english = await waitForAlert(bot, '(402)');
    expect(contentOf(english)).toContain('shared balance is used up');
    const german = await waitForAlert(bot, '(402)', DE_ALERTS);
    expect(contentOf(german)).toBe(
      '**Warnung:** Der Generierungsdienst hat eine Anfrage abgelehnt, weil das gemeinsame Guthaben aufgebraucht ist (402). Anfragen der Mitglieder schlagen fehl, bis das Konto aufgeladen ist; für sie wurde nichts berechnet. (Höchstens einmal pro Stunde gemeldet.)',
    );
    expect(german.body).toMatchObject({ allowed_mentions: { parse: [] } });
  });

  it('tells of the service refusing the API token (401), at most once an hour', async () => {
    const bot = await start({ env: { MEDIA_API_TOKEN: 'sim_not_the_token' } });
    await alertChannel(bot);
    await bot.bot.alerts.checkNow();
    const alert = await waitForAlert(bot, '(401)');
    expect(contentOf(alert)).toContain("refused the bot's API token");
    expect(contentOf(alert)).not.toContain('sim_not_the_token');
    await bot.bot.alerts.checkNow();
    await bot.bot.alerts.settled();
    expect(posted(bot)).toHaveLength(1);
    expect(bot.logs.join('')).toContain('alerts: cannot read the balance');
  });

  it('tells of charges the usage log shows and no ledger does, when two checks in a row find them', async () => {
    const bot = await start();
    await alerts(bot, [entity.channel('channel', ART), opt.string('below', '0')]);
    // The timer's own first check (at the start) is over before the charge: else, on a slow
    // machine, it could read the usage log after the charge and count as the first of the two.
    await bot.bot.alerts.settled();
    // A charge to the token the bot's ledger never saw, as an unrefunded failure leaves.
    await bot.bot.services.media.createGeneration({ model: 'lang-4o-image', prompt: 'outside' });
    await bot.bot.alerts.checkNow();
    expect(posted(bot)).toHaveLength(0);
    await bot.bot.alerts.checkNow();
    const [alert] = posted(bot);
    expect(alert && contentOf(alert)).toMatch(/^\*\*Alert:\*\* the service's usage log shows charges/);
    expect(alert && contentOf(alert)).toContain(
      "this server's ledger shows $0.00, the service's usage log $0.02. The service charged $0.02 more than the ledger shows",
    );
    await bot.bot.alerts.checkNow();
    expect(posted(bot)).toHaveLength(1);
  });

  it('logs an alert it cannot post, breaks nothing, and tries again at the next check', async () => {
    const bot = await start();
    bot.discord.injectFault({
      kind: 'refuse',
      status: 403,
      code: 50013,
      message: 'Missing Permissions',
      match: (r) => r.route === 'channelMessage' && r.path === `/channels/${OTHER}/messages`,
    });
    await alerts(bot, [entity.channel('channel', OTHER), opt.string('below', '200')], ADMIN, OTHER);
    await bot.bot.alerts.checkNow();
    expect(posted(bot, OTHER).map((c) => c.status)).toEqual([403]);
    expect(bot.logs.join('')).toContain('alerts: cannot post in the alert channel');

    // The bot still answers and generates.
    const imagine = await bot.command('imagine', [opt.string('prompt', 'a fox')]);
    expect((await bot.jobDone(imagine)).status).toBe('completed');
    // Not remembered as told: the next check posts it.
    await bot.bot.alerts.checkNow();
    expect(posted(bot, OTHER).map((c) => c.status)).toEqual([403, 200]);
  });
});
