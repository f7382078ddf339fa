/**
 * /settings end to end: the real bot against the fake Discord and the simulator, its store in a
 * real SQLite file. A member's defaults fill what their /imagine leaves out and lose to what it
 * gives; Reset forgets only the presser's own; a wrong default is refused with nothing stored; a
 * default model the service stops offering falls back with a note; a store that fails refuses
 * privately, under /settings and under /imagine's read of the defaults.
 */
import { join } from 'node:path';
import { type APIInteraction, Locale } from 'discord.js';
import sqlite3 from 'sqlite3';
import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import type { Model } from '../../src/media/schemas.ts';
import { ALICE, BOB, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { jsonOf } from '../support/media-proxy.ts';
import { refuseWritesOf } from '../support/sqlite-lock.ts';
import { type Answer, buttonUpdate, ephemeralReply, fieldsOf, textOf } from './quota-helpers.ts';
import { asOptions, resultButton, resultOf, sentRequests } from './result-helpers.ts';
import { expectSentCustomIdsParse } from './sent-custom-ids.ts';

// The English texts expected below, read from the bot's texts themselves.
const NOT_ON_THIS_MESSAGE = english.t('actions:press.notOnThisMessage');
const STORE_FAULT = english.t('actions:errors.storeFault');

// Behind the tampering proxy (which forwards everything until told otherwise): one test makes the
// service stop offering a model.
const h = useHarness({ proxy: true, beforeClose: expectSentCustomIdsParse });

type Options = Record<string, string | number | boolean>;

/** /settings with these options, from a member; the interaction sent. */
const settings = (options: Options = {}, userId = ALICE) =>
  h.command('settings', asOptions(options), { userId });

const storedOf = (userId: string) => h.bot.services.memberDefaults.get(GUILD, userId);

/** /imagine from a member, and the request the service received for it once it is delivered. */
async function imagine(options: Options, userId = ALICE) {
  const interaction = await h.command('imagine', asOptions(options), { userId });
  const done = await h.jobDone(interaction);
  const sent = sentRequests(h).find((r) => r.prompt === options.prompt);
  return { interaction, job: done, sent };
}

/** The Reset button of a /settings answer. */
function resetOf(answer: Answer): string {
  const reset = answer.components[0]?.components[0];
  if (reset?.label !== 'Reset' || !reset.custom_id) throw new Error('the answer has no Reset button');
  return reset.custom_id;
}

/** The message a /settings answer is, as the fake Discord keeps it. */
function messageOf(interaction: APIInteraction): string {
  const message = h.discord.originalMessage(interaction.token);
  if (!message) throw new Error('the answer was not stored');
  return message.id;
}

describe("a member's own defaults", () => {
  it("are shown and reset in the member's language", async () => {
    const saved = await ephemeralReply(
      h,
      await h.command('settings', asOptions({ image_model: 'dream-4.5', count: 2 }), {
        userId: ALICE,
        locale: Locale.German,
      }),
    );
    expect(saved.content).toBe('Gespeichert.');
    expect(saved.embeds[0]?.title).toBe('Deine Standards auf diesem Server');
    const fields = fieldsOf(saved.embeds[0]);
    expect(fields['Bilder (/bild)']).toBe('Dream 4.5 (`dream-4.5`)');
    expect(fields['Varianten pro Anfrage']).toBe('2');
    const reset = saved.components[0]?.components[0];
    expect(reset?.label).toBe('Zurücksetzen');

    const shown = await h.command('settings', [], { userId: ALICE, locale: Locale.Japanese });
    const answer = await ephemeralReply(h, shown);
    expect(answer.embeds[0]?.title).toBe('このサーバーでのあなたのデフォルト');
    expect(fieldsOf(answer.embeds[0])['1リクエストあたりのテイク数']).toBe('2');
    const press = await h.press(messageOf(shown), reset?.custom_id ?? '', {
      userId: ALICE,
      locale: Locale.Japanese,
    });
    expect(textOf(await buttonUpdate(h, press))).toContain('このサーバーでのデフォルトをリセットしました');
  });

  it("are used by the member's next /imagine, and lose to an option given", async () => {
    const saved = await ephemeralReply(
      h,
      await settings({ image_model: 'dream-4.5', image_aspect_ratio: '16:9', image_resolution: '2k' }),
    );
    expect(saved.content).toContain('Saved.');
    // The catalog's own spelling is kept, whatever case was typed.
    expect(fieldsOf(saved.embeds[0])['Images (/imagine)']).toBe(
      'Dream 4.5 (`dream-4.5`) · aspect ratio 16:9 · resolution 2K',
    );

    const plain = await imagine({ prompt: 'a lighthouse with my defaults' });
    expect(plain.sent).toEqual({
      model: 'dream-4.5',
      prompt: 'a lighthouse with my defaults',
      aspect_ratio: '16:9',
      resolution: '2K',
    });
    expect(plain.job.request?.model).toBe('dream-4.5');

    // The options given win; the default resolution still fills the one left out (the model takes it).
    const chosen = await imagine({
      prompt: 'a lighthouse my way',
      model: 'lang-image-2',
      aspect_ratio: '1:1',
    });
    expect(chosen.sent).toEqual({
      model: 'lang-image-2',
      prompt: 'a lighthouse my way',
      aspect_ratio: '1:1',
      resolution: '2K',
    });
    // A model that takes no resolution gets none: the default never makes a request invalid.
    const noResolution = await imagine({ prompt: 'a lighthouse, plain', model: 'lang-4o-image' });
    expect(noResolution.sent).toEqual({
      model: 'lang-4o-image',
      prompt: 'a lighthouse, plain',
      aspect_ratio: '16:9',
    });

    // /video takes the video defaults, not the image ones.
    await ephemeralReply(h, await settings({ video_aspect_ratio: '9:16', video_resolution: '720p' }));
    const clip = await h.command('video', asOptions({ prompt: 'a kite with my defaults' }));
    await h.jobDone(clip);
    expect(sentRequests(h).find((r) => r.prompt === 'a kite with my defaults')).toEqual({
      model: 'quick-video-1',
      prompt: 'a kite with my defaults',
      aspect_ratio: '9:16',
      resolution: '720p',
    });

    // Another member's /imagine is as the server's defaults make it.
    const bobs = await imagine({ prompt: "bob's lighthouse" }, BOB);
    expect(bobs.sent).toEqual({ model: 'lang-4o-image', prompt: "bob's lighthouse" });
  });

  it('are shown by /settings without options, and Reset forgets only the presser’s own', async () => {
    await ephemeralReply(h, await settings({ count: 3, video_model: 'orbit-2' }));
    await ephemeralReply(h, await settings({ count: 2 }, BOB));

    const shown = await settings();
    const answer = await ephemeralReply(h, shown);
    expect(answer.content).toBe('');
    expect(fieldsOf(answer.embeds[0])).toMatchObject({
      'Takes per request': '3',
      'Videos (/video)': 'Orbit 2 (`orbit-2`)',
      'Images (/imagine)': "the server's default (Lang 4o Image)",
      'Ask me to confirm': "only requests above the server's threshold",
    });
    const reset = resetOf(answer);
    expect(reset).toBe(`settings:v1:reset:${ALICE}`);
    const message = messageOf(shown);

    // Bob, with a modified client, presses Alice's Reset where it is: not his to press.
    const bobsPress = await h.press(message, reset, { userId: BOB });
    expect((await ephemeralReply(h, bobsPress)).content).toContain("another member's defaults");
    // Nor can he make it name himself: that id is not on the message.
    const forged = await h.press(message, `settings:v1:reset:${BOB}`, { userId: BOB });
    expect((await ephemeralReply(h, forged)).content).toBe(NOT_ON_THIS_MESSAGE);
    expect(await storedOf(ALICE)).toEqual({ count: 3, video: { model: 'orbit-2' } });
    expect(await storedOf(BOB)).toEqual({ count: 2 });

    const press = await h.press(message, reset);
    const after = await buttonUpdate(h, press);
    expect(textOf(after)).toContain('Your defaults in this server were reset');
    expect(after.components).toEqual([]);
    expect(await storedOf(ALICE)).toEqual({});
    expect(await storedOf(BOB)).toEqual({ count: 2 });
    // With nothing left to reset, /settings shows the server's defaults and no button.
    const empty = await ephemeralReply(h, await settings());
    expect(empty.components).toEqual([]);
    expect(fieldsOf(empty.embeds[0])['Takes per request']).toBe("1 (the server's default)");
  });

  it('are refused with a clear message, and nothing stored, when the model could not take them', async () => {
    const refusal = async (options: Options) => (await ephemeralReply(h, await settings(options))).content;

    const video = await refusal({ image_model: 'quick-video-1', count: 2 });
    expect(video).toContain('image_model: Quick Video 1 makes videos, not images; choose it as video_model.');
    expect(video).toContain('Nothing was saved.');
    expect(await refusal({ image_model: 'no-such-model' })).toContain(
      'image_model: there is no model `no-such-model`.',
    );
    expect(await refusal({ image_model: 'nano-fruit-pro', image_aspect_ratio: '21:9' })).toContain(
      'image_aspect_ratio: Nano Fruit Pro does not take the aspect ratio `21:9`; it takes 1:1, 16:9, 9:16, 4:3, 3:4.',
    );
    // Without a model of their own, the server's default is the model a resolution must suit.
    expect(await refusal({ image_resolution: '2K' })).toContain(
      "image_resolution: Lang 4o Image (the server's default) takes no resolution.",
    );
    expect(await refusal({ video_model: 'orbit-2', video_resolution: '480p' })).toContain(
      'video_resolution: Orbit 2 does not take the resolution `480p`; it takes 720p, 1080p.',
    );
    // Discord keeps count within 1 to 4 and a model's name within 100 characters; a modified client
    // does not, and is refused by the check of every option against its definition.
    const long = await refusal({ image_model: 'x'.repeat(5_000), video_model: 'y'.repeat(5_000) });
    expect(long).toBe(
      'The option `image_model` takes at most 100 characters (it has 5,000). Nothing was sent, charged or changed.',
    );
    expect(await refusal({ count: 9 })).toBe(
      'The option `count` takes a value from 1 to 4. Nothing was sent, charged or changed.',
    );
    expect(await storedOf(ALICE)).toEqual({});
  });

  it('are autocompleted as /imagine and /video are, each option from its type and the model beside it', async () => {
    const focused = (name: string, value: string) => opt.string(name, value, true);
    const images = await h.autocomplete('settings', [focused('image_model', '')]);
    expect(images).toContainEqual({ name: 'Nano Fruit Pro · from $0.10', value: 'nano-fruit-pro' });
    expect(images.map((c) => c.value)).not.toContain('quick-video-1');
    const videos = await h.autocomplete('settings', [focused('video_model', 'orbit')]);
    expect(videos.map((c) => c.value)).toEqual(['orbit-2', 'orbit-2-pro']);
    const resolutions = await h.autocomplete('settings', [
      opt.string('video_model', 'orbit-2'),
      focused('video_resolution', ''),
    ]);
    expect(resolutions.map((c) => c.value)).toEqual(['720p', '1080p']);
    // The image model does not narrow the video options.
    const ratios = await h.autocomplete('settings', [
      opt.string('image_model', 'lang-image-2'),
      opt.string('video_model', 'orbit-2'),
      focused('video_aspect_ratio', ''),
    ]);
    expect(ratios.map((c) => c.value)).toEqual(['16:9', '9:16', '1:1']);
  });

  it('clears a stored aspect ratio the new default model does not take, and says so', async () => {
    await ephemeralReply(h, await settings({ image_model: 'lang-image-2', image_aspect_ratio: '21:9' }));
    const changed = await ephemeralReply(h, await settings({ image_model: 'dream-4.5' }));
    expect(changed.content).toContain(
      'Your default image aspect ratio 21:9 was cleared: Dream 4.5 does not take it.',
    );
    expect(await storedOf(ALICE)).toEqual({ image: { model: 'dream-4.5' } });
  });

  it('fall back to the server’s default model, with a note, once the service stops offering the default', async () => {
    await ephemeralReply(h, await settings({ image_model: 'nano-fruit-2', image_aspect_ratio: '4:3' }));
    // The service's list no longer has nano-fruit-2; the catalog reads it again.
    h.proxy?.handle(async (req, forward) => {
      const answer = await forward();
      if (req.method !== 'GET' || !req.url.endsWith('/models')) return answer;
      const body = jsonOf(answer) as { data: Model[] };
      return { status: 200, json: { ...body, data: body.data.filter((m) => m.slug !== 'nano-fruit-2') } };
    });
    await h.bot.services.catalog.load();
    expect(h.bot.services.catalog.get('nano-fruit-2')).toBeUndefined();

    const { interaction, sent } = await imagine({ prompt: 'a fox after the catalog changed' });
    // The server's default model, with the member's aspect ratio (it takes 4:3).
    expect(sent).toEqual({
      model: 'lang-4o-image',
      prompt: 'a fox after the catalog changed',
      aspect_ratio: '4:3',
    });
    const note = await h.discord.waitForCall(
      (c) => c.route === 'webhookFollowup' && c.path.includes(`/${interaction.token}`),
    );
    const body = note.body as { content: string; flags: number };
    expect(body.flags & (1 << 6)).toBe(1 << 6);
    expect(body.content).toBe(
      "Your default image model `nano-fruit-2` is no longer offered, so this used the server's default, Lang 4o Image. Choose another with /settings.",
    );
    // Refused before any answer (the server's default takes no resolution): the note comes with the refusal.
    const refused = await ephemeralReply(
      h,
      await h.command('imagine', asOptions({ prompt: 'a fox at 2K', resolution: '2K' })),
    );
    expect(refused.content).toContain("This request can't be sent");
    expect(refused.content).toContain('Your default image model `nano-fruit-2` is no longer offered');
    const shown = await ephemeralReply(h, await settings());
    expect(fieldsOf(shown.embeds[0])['Images (/imagine)']).toContain(
      "`nano-fruit-2`, no longer offered: the server's default is used",
    );
  });

  it('ask a member who opted in to confirm every paid request, from a command or a button; others as before', async () => {
    const bobs = await resultOf(
      h,
      await h.command('imagine', asOptions({ prompt: "bob's owl" }), { userId: BOB }),
    );
    await ephemeralReply(h, await settings({ always_confirm: true }));
    const before = sentRequests(h).length;

    // $0.02, far below the server's $0.50: Alice is asked all the same, and nothing is sent.
    const card = await ephemeralReply(h, await h.command('imagine', asOptions({ prompt: 'a cheap owl' })));
    expect(card.content).toContain('**This request costs about $0.02.**');
    expect(card.components[0]?.components.map((b) => b.label)).toEqual(['Confirm', 'Cancel']);
    // Again on Bob's result is Alice's request: she is asked too.
    const again = await h.press(bobs.messageId, resultButton('again', bobs.job));
    expect((await ephemeralReply(h, again)).content).toContain('**This request costs about $0.02.**');
    expect(sentRequests(h)).toHaveLength(before);

    // Bob did not opt in: his cheap request goes at once, publicly.
    const bobsNext = await h.command('imagine', asOptions({ prompt: 'another owl' }), { userId: BOB });
    expect(((await h.callbackOf(bobsNext)).body as { type: number }).type).toBe(5);
    await h.jobDone(bobsNext);
    expect(sentRequests(h)).toHaveLength(before + 1);
  });
});

/** Replaces the stored value of `key` with bytes that are not JSON, as a damaged database would. */
async function damageValueOf(file: string, key: string): Promise<void> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(file, (err) =>
      err ? reject(err) : resolve(opened),
    );
  });
  await new Promise<void>((resolve, reject) =>
    db.run(
      'UPDATE keyv SET value = ? WHERE key = ?',
      ['{"value":{"cou', key],
      function (this: { changes: number }, err) {
        if (err) reject(err);
        else if (this.changes !== 1) reject(new Error(`no stored value ${key}`));
        else resolve();
      },
    ),
  );
  await new Promise<void>((resolve) => db.close(() => resolve()));
}

describe('a store that fails', () => {
  const expectStoreFault = (answer: Answer) => {
    expect(answer.content).toContain(STORE_FAULT);
    expect(answer.content).toMatch(/error id `[0-9a-f]{8}`/);
  };

  /** What `action` gets while the store refuses every write of a member's defaults. */
  async function whileDefaultsWritesRefused<T>(action: () => Promise<T>): Promise<T> {
    const fault = await refuseWritesOf(
      join(h.storeDir, 'bot.sqlite'),
      'member-defaults:%',
      'member defaults writes refused by the test',
    );
    try {
      return await action();
    } finally {
      await fault.restore();
    }
  }

  it('refuses /settings and /imagine privately when the defaults cannot be read, and sends nothing', async () => {
    await ephemeralReply(h, await settings({ count: 2 }));
    await damageValueOf(join(h.storeDir, 'bot.sqlite'), `member-defaults:${GUILD}:${ALICE}`);

    expectStoreFault(await ephemeralReply(h, await settings()));
    expectStoreFault(
      await ephemeralReply(h, await h.command('imagine', asOptions({ prompt: 'a fox, unread' }))),
    );
    expect(sentRequests(h)).toEqual([]);
    expect(h.logs.join('')).toMatch(/"level":50.*"step":"your defaults".*store fault on a member request/);
    // Another member's defaults are another value: Bob is not refused.
    const bobs = await h.command('imagine', asOptions({ prompt: "bob's fox" }), { userId: BOB });
    await h.jobDone(bobs);
    expect(sentRequests(h).map((r) => r.prompt)).toEqual(["bob's fox"]);
  });

  it('refuses /settings privately when the defaults cannot be written, and keeps what was stored', async () => {
    await ephemeralReply(h, await settings({ count: 2 }));
    const answer = await whileDefaultsWritesRefused(async () =>
      ephemeralReply(h, await settings({ count: 4, always_confirm: true })),
    );
    expectStoreFault(answer);
    expect(await storedOf(ALICE)).toEqual({ count: 2 });
  });

  it('refuses Reset privately when the defaults cannot be forgotten, and keeps them', async () => {
    const shown = await settings({ count: 2 });
    const reset = resetOf(await ephemeralReply(h, shown));
    // Forgetting is a write (a value with no defaults and its write id): refused like the others.
    const answer = await whileDefaultsWritesRefused(async () =>
      ephemeralReply(h, await h.press(messageOf(shown), reset)),
    );
    expectStoreFault(answer);
    expect(await storedOf(ALICE)).toEqual({ count: 2 });
  });
});
