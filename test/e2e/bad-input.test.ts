import { type APIInteraction, Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, BOB, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { ephemeralReply, refusedAfterDefer, sub } from './quota-helpers.ts';

const h = useHarness({ per: 'file' });

/**
 * The edit that answers a request the service refused: not always the reply's first edit, since a
 * POST not answered within 2 s of the bot's clock (20 ms of wall time at the harness's scale; a busy
 * machine) first gets the waiting view.
 */
const refusal = (c: RecordedCall) =>
  String((c.body as { content?: string }).content).includes('Nothing was charged');

const posts = () => h.sim.requests.filter((r) => r.method === 'POST').length;

/** The bot's ephemeral answer to an interaction (callback type 4 with the ephemeral flag). */
async function ephemeralAnswer(interaction: APIInteraction): Promise<string> {
  return (await ephemeralReply(h, interaction)).content;
}

describe('bad input is answered privately and costs nothing', () => {
  it.each([
    [
      'a prompt over 2,000 characters',
      'imagine',
      [opt.string('prompt', 'a'.repeat(2001))],
      /prompt.*at most 2,000 characters \(it has 2,001\)/,
    ],
    [
      'an unknown model',
      'imagine',
      [opt.string('prompt', 'x'), opt.string('model', 'no-such-model')],
      /Unknown model "no-such-model"/,
    ],
    [
      'a video model in /imagine',
      'imagine',
      [opt.string('prompt', 'x'), opt.string('model', 'motion-2.0')],
      /makes videos; use \/video/,
    ],
    [
      'a resolution the model lacks',
      'imagine',
      [opt.string('prompt', 'x'), opt.string('model', 'dream-4.5'), opt.string('resolution', '8K')],
      /resolution.*1K, 2K, 4K/,
    ],
    [
      'a pixel size on lang-image-2',
      'imagine',
      [
        opt.string('prompt', 'x'),
        opt.string('model', 'lang-image-2'),
        opt.string('aspect_ratio', '1024x1024'),
      ],
      /not a pixel size/,
    ],
    [
      'reference URLs that are not URLs',
      'imagine',
      [opt.string('prompt', 'x'), opt.string('image_urls', 'hello world')],
      /not an http\(s\) URL/,
    ],
    [
      'a duration the model lacks',
      'video',
      [opt.string('prompt', 'x'), opt.string('model', 'omni-flash-ext'), opt.integer('duration', 5)],
      /duration.*4, 6, 8 or 10 seconds/,
    ],
    [
      'a style on a model without styles',
      'video',
      [opt.string('prompt', 'x'), opt.string('model', 'motion-2.0'), opt.string('style', 'anime')],
      /Only orbit-2 and orbit-2-pro take a style/,
    ],
    [
      'a mode the model lacks',
      'video',
      [opt.string('prompt', 'x'), opt.string('model', 'vista-3.1-fast'), opt.string('mode', 'fun')],
      /mode must be one of frame, ingredient/,
    ],
    [
      'audio on a model without it',
      'video',
      [opt.string('prompt', 'x'), opt.string('model', 'quick-video-1'), opt.boolean('generate_audio', true)],
      /Only the motion models take generate_audio/,
    ],
  ] as const)('%s', async (_what, command, options, expected) => {
    const before = posts();
    const interaction = await h.command(command, [...options]);
    expect(await ephemeralAnswer(interaction)).toMatch(expected);
    expect(posts()).toBe(before);
  });

  it('refuses an attachment that is not an image', async () => {
    const interaction = await h.command(
      'imagine',
      [opt.string('prompt', 'x'), opt.attachment('image', '900')],
      {
        attachments: [
          {
            id: '900',
            filename: 'notes.txt',
            url: 'https://cdn.example.com/notes.txt',
            contentType: 'text/plain',
          },
        ],
      },
    );
    expect(await ephemeralAnswer(interaction)).toMatch(
      /"notes.txt" given as `image` is not an image: it is text\/plain\. Nothing was sent and nothing was charged/,
    );
  });

  it('sends an attached image as the first reference URL', async () => {
    const interaction = await h.command(
      'imagine',
      [
        opt.string('prompt', 'like this one'),
        opt.string('model', 'dream-4.5'),
        opt.attachment('image', '901'),
        opt.string('image_urls', 'https://example.com/b.png'),
      ],
      {
        attachments: [
          {
            id: '901',
            filename: 'cat.png',
            url: 'https://cdn.example.com/cat.png',
            contentType: 'image/png',
          },
        ],
      },
    );
    await h.jobDone(interaction);
    const post = h.sim.requests.filter((r) => r.method === 'POST').at(-1);
    expect((post?.body as { image_urls?: string[] } | undefined)?.image_urls).toEqual([
      'https://cdn.example.com/cat.png',
      'https://example.com/b.png',
    ]);
  });
});

describe('an option of another type than its definition (a modified client)', () => {
  const text = (name: string, value: string) => ({ name, type: 3, value });
  it.each([
    ['count sent as text', 'imagine', [opt.string('prompt', 'x'), text('count', 'four')], ALICE, 'count'],
    [
      'count as an integer option holding text',
      'imagine',
      [opt.string('prompt', 'x'), { name: 'count', type: 4, value: '4' }],
      ALICE,
      'count',
    ],
    ['always_confirm sent as text', 'settings', [text('always_confirm', 'yes')], ALICE, 'always_confirm'],
    ['days sent as text', 'quota', [sub('report', [text('days', '7')])], ADMIN, 'days'],
  ])(
    '%s is refused privately, naming the option, and nothing changes',
    async (_, name, options, userId, option) => {
      const before = posts();
      const ledger = (await h.bot.services.quotaLedger.latest(GUILD, 50)).length;
      const defaults = await h.bot.services.memberDefaults.get(GUILD, userId);
      const answer = await ephemeralAnswer(await h.command(name, options, { userId }));
      expect(answer).toBe(
        `The option \`${option}\` did not arrive as this command defines it. Nothing was sent, charged or changed.`,
      );
      expect(posts()).toBe(before);
      expect((await h.bot.services.quotaLedger.latest(GUILD, 50)).length).toBe(ledger);
      expect(await h.bot.services.memberDefaults.get(GUILD, userId)).toEqual(defaults);
      expect(h.logs.join('')).not.toContain('interaction handler failed');
    },
  );

  it("names the option in the member's language", async () => {
    const answer = await ephemeralAnswer(
      await h.command('imagine', [opt.string('prompt', 'x'), text('count', 'vier')], {
        locale: Locale.German,
      }),
    );
    expect(answer).toContain('Die Option `anzahl`');
  });
});

describe('answers from the service are shown readably', () => {
  it('tells only the member that the shared balance is used up on 402, and charges nothing', async () => {
    h.sim.setBalanceUsd(0.01);
    try {
      const interaction = await h.command('imagine', [
        opt.string('prompt', 'an expensive idea'),
        opt.string('model', 'nano-fruit-pro'),
      ]);
      // The public reply is taken back: the channel is not told that the server's balance is empty.
      const answer = await refusedAfterDefer(h, interaction);
      expect(answer.content).toMatch(/shared balance .* used up.*Nothing was charged to your quota/);
      expect(h.deliveredMessage(interaction)).toBeUndefined();
      expect(
        h.discord.calls.filter(
          (c) =>
            c.route === 'webhookEdit' &&
            c.path.includes(`/${interaction.token}/`) &&
            JSON.stringify(c.body).includes('balance'),
        ),
      ).toEqual([]);
    } finally {
      h.sim.setBalanceUsd(100);
    }
    const summary = await h.bot.services.quota.summary({
      guildId: '1300000000000000001',
      userId: ALICE,
      roleIds: [],
    });
    expect(summary.reservedMicros).toBe(0);
    expect(summary.inFlight).toBe(0);
  });

  it('lists the field errors of a 422 from the service', async () => {
    const interaction = await h.command(
      'imagine',
      [opt.string('prompt', 'from a picture [sim:status=422]')],
      { userId: '1300000000000000011' },
    );
    const edit = await h.editOf(interaction, refusal);
    const content = (edit.body as { content: string }).content;
    // The service's words are escaped (shown publicly): the underscore too.
    expect(content).toContain('**image\\_urls**: The image could not be downloaded from the given URL.');
    expect(content).toContain('Nothing was charged to your quota');
  });

  it('says nothing was charged when the service fails before creating anything, without sending twice', async () => {
    const before = posts();
    const interaction = await h.command('imagine', [opt.string('prompt', 'bad timing [sim:status=500]')], {
      userId: '1300000000000000012',
    });
    const edit = await h.editOf(interaction, refusal);
    expect((edit.body as { content: string }).content).toMatch(/could not be submitted.*Nothing was charged/);
    expect(posts()).toBe(before + 1);
  });

  it('finds a generation the service created despite answering 500, and delivers it once', async () => {
    const before = posts();
    const interaction = await h.command(
      'imagine',
      [opt.string('prompt', 'lost answer [sim:status=500-after-create]')],
      { userId: '1300000000000000012' },
    );
    const job = await h.jobDone(interaction);
    expect(job.status).toBe('completed');
    expect(posts()).toBe(before + 1);
  });
});

describe('refusals in the member’s language', () => {
  it('writes the prompt length with German digits for a German member', async () => {
    const before = posts();
    const interaction = await h.command('imagine', [opt.string('prompt', 'a'.repeat(2001))], {
      locale: Locale.German,
    });
    // Refused by the check of every option against its definition (max_length), before the request is built.
    expect(await ephemeralAnswer(interaction)).toBe(
      'Die Option `prompt` darf höchstens 2.000 Zeichen lang sein (sie hat 2.001). Es wurde nichts gesendet, berechnet oder geändert.',
    );
    expect(posts()).toBe(before);
  });

  it('names an unknown model in Japanese for a Japanese member', async () => {
    const interaction = await h.command(
      'imagine',
      [opt.string('prompt', 'x'), opt.string('model', 'no-such-model')],
      { locale: Locale.Japanese },
    );
    const answer = await ephemeralAnswer(interaction);
    expect(answer).toContain('このリクエストは送信できません：');
    expect(answer).toContain('不明なモデル「no-such-model」です。');
  });

  it('tells a German member privately, in German, that the shared balance is used up', async () => {
    h.sim.setBalanceUsd(0.01);
    try {
      const interaction = await h.command(
        'imagine',
        [opt.string('prompt', 'eine teure Idee'), opt.string('model', 'nano-fruit-pro')],
        { userId: BOB, locale: Locale.German },
      );
      const answer = await refusedAfterDefer(h, interaction);
      expect(answer.content).toBe(
        'Das gemeinsame Guthaben des Bots beim Generierungsdienst ist aufgebraucht, daher wurde nichts erstellt. Deinem Kontingent wurde nichts berechnet; ein Admin kann Guthaben aufladen.',
      );
    } finally {
      h.sim.setBalanceUsd(100);
    }
  });
});
