import type { APIInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { FakeAttachmentSpec } from '../../testkit/fake-discord/interactions.ts';
import { GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { ephemeralReply, sub } from './quota-helpers.ts';

const h = useHarness({ per: 'file' });

const posts = () => h.sim.requests.filter((r) => r.method === 'POST');
const lastPost = () => posts().at(-1)?.body as Record<string, unknown> | undefined;

let nextId = 950;
/** An attachment the fake Discord resolves, with the option that names it. */
function attach(option: string, filename: string, contentType: string) {
  const id = String(nextId++);
  const spec: FakeAttachmentSpec = { id, filename, url: `https://cdn.example.com/${filename}`, contentType };
  return { option: opt.attachment(option, id), spec };
}

/** The bot's ephemeral answer to an interaction (callback type 4 with the ephemeral flag). */
async function ephemeralAnswer(interaction: APIInteraction): Promise<string> {
  return (await ephemeralReply(h, interaction)).content;
}

/** Members of their own, so one test's reservations never show in another's figures. */
const MOTION_MEMBER = '1300000000000000021';
const CARD_MEMBER = '1300000000000000022';
const REFUSED_MEMBER = '1300000000000000023';

async function nothingHeld(userId = REFUSED_MEMBER) {
  const summary = await h.bot.services.quota.summary({ guildId: GUILD, userId, roleIds: [] });
  expect(summary.reservedMicros).toBe(0);
  expect(summary.inFlight).toBe(0);
}

describe('reference attachments reach the service', () => {
  it('sends numbered image attachments as image_urls in option order, whatever order Discord lists them', async () => {
    const a = attach('image', 'a.png', 'image/png');
    const c = attach('image3', 'c.webp', 'image/webp');
    const b = attach('image2', 'b.jpg', 'image/jpeg');
    const interaction = await h.command(
      'imagine',
      [opt.string('prompt', 'three cats'), opt.string('model', 'dream-4.5'), c.option, a.option, b.option],
      { attachments: [a.spec, b.spec, c.spec] },
    );
    await h.jobDone(interaction);
    expect(lastPost()?.image_urls).toEqual([
      'https://cdn.example.com/a.png',
      'https://cdn.example.com/b.jpg',
      'https://cdn.example.com/c.webp',
    ]);
  });

  it('quotes a motion request with a reference video at the discounted price, and sends every motion field', async () => {
    const clip = attach('video', 'clip.mp4', 'video/mp4');
    const song = attach('audio', 'song.ogg', 'audio/ogg');
    const interaction = await h.command(
      'video-pro',
      [
        sub('motion', [
          opt.string('prompt', 'dance like this'),
          opt.string('model', 'motion-2.0'),
          opt.integer('duration', 4),
          clip.option,
          song.option,
          opt.boolean('camera_fixed', true),
          opt.boolean('web_search', false),
          opt.boolean('return_last_frame', true),
          opt.integer('seed', 42),
        ]),
      ],
      { attachments: [clip.spec, song.spec], userId: MOTION_MEMBER },
    );
    const job = await h.jobDone(interaction);
    // 480p with video_urls: 0.08 USD/s × 4 s; without the video it would be 0.528 USD, above the
    // default confirmation threshold of 0.50 USD, and would have waited for a Confirm press.
    expect(job.quotedMicros).toBe(320_000);
    expect(lastPost()).toEqual({
      model: 'motion-2.0',
      prompt: 'dance like this',
      duration: 4,
      video_urls: ['https://cdn.example.com/clip.mp4'],
      audio_urls: ['https://cdn.example.com/song.ogg'],
      camera_fixed: true,
      web_search: false,
      return_last_frame: true,
      seed: 42,
    });
  });

  it('quotes the chosen resolution with the discount on the confirmation card', async () => {
    const before = posts().length;
    const clip = attach('video', 'clip.webm', 'video/webm');
    const interaction = await h.command(
      'video-pro',
      [
        sub('motion', [
          opt.string('prompt', 'dance like this'),
          opt.string('model', 'motion-2.0'),
          opt.string('resolution', '720p'),
          opt.integer('duration', 4),
          clip.option,
        ]),
      ],
      { attachments: [clip.spec], userId: CARD_MEMBER },
    );
    // 720p with video_urls: 0.1712 USD/s × 4 s (plain 720p would be 1.1360 USD).
    expect(await ephemeralAnswer(interaction)).toContain('**This request costs about $0.6848.**');
    expect(posts().length).toBe(before);
  });

  it('sends omni-flash-ext its scene, character and object in that order', async () => {
    const scene = attach('scene', 'scene.png', 'image/png');
    const object = attach('object', 'object.png', 'image/png');
    const character = attach('character', 'character.png', 'image/png');
    const interaction = await h.command(
      'video-pro',
      [sub('omni', [opt.string('prompt', 'fuse'), object.option, character.option, scene.option])],
      { attachments: [scene.spec, character.spec, object.spec] },
    );
    await h.jobDone(interaction);
    expect(lastPost()).toMatchObject({
      model: 'omni-flash-ext',
      image_urls: [
        'https://cdn.example.com/scene.png',
        'https://cdn.example.com/character.png',
        'https://cdn.example.com/object.png',
      ],
    });
  });
});

describe('references the model cannot take are refused before anything is reserved or sent', () => {
  it('refuses a PDF given as a video, naming the file and the formats', async () => {
    const before = posts().length;
    const pdf = attach('video', 'plan.pdf', 'application/pdf');
    const interaction = await h.command(
      'video-pro',
      [sub('motion', [opt.string('prompt', 'x'), pdf.option])],
      { attachments: [pdf.spec], userId: REFUSED_MEMBER },
    );
    expect(await ephemeralAnswer(interaction)).toBe(
      'The attachment "plan.pdf" given as `video` is not a video (MP4, WebM or MOV): it is application/pdf. Nothing was sent and nothing was charged.',
    );
    expect(posts().length).toBe(before);
    await nothingHeld();
  });

  it('refuses omni-flash-ext with two images', async () => {
    const before = posts().length;
    const one = attach('image', 'one.png', 'image/png');
    const two = attach('image2', 'two.png', 'image/png');
    const interaction = await h.command(
      'video',
      [opt.string('prompt', 'x'), opt.string('model', 'omni-flash-ext'), one.option, two.option],
      { attachments: [one.spec, two.spec], userId: REFUSED_MEMBER },
    );
    expect(await ephemeralAnswer(interaction)).toMatch(
      /omni-flash-ext takes 0, 1 \(first frame\) or exactly 3 image_urls \(scene, character, object\)[\s\S]*Nothing was charged/,
    );
    expect(posts().length).toBe(before);
    await nothingHeld();
  });

  it('refuses a duration on vista-3.1-lite', async () => {
    const before = posts().length;
    const interaction = await h.command('video', [
      opt.string('prompt', 'x'),
      opt.string('model', 'vista-3.1-lite'),
      opt.integer('duration', 8),
    ]);
    expect(await ephemeralAnswer(interaction)).toMatch(/Vista 3.1 Lite takes no duration/);
    expect(posts().length).toBe(before);
  });
});

describe('autocomplete in a /video-pro subcommand', () => {
  it("offers only the family's models, priced", async () => {
    const choices = await h.autocomplete('video-pro', [
      sub('motion', [opt.string('prompt', 'x'), opt.string('model', '', true)]),
    ]);
    expect(choices).toEqual([
      { name: 'Motion 2.0 Fast · from $0.1056/s', value: 'motion-2.0-fast' },
      { name: 'Motion 2.0 · from $0.132/s', value: 'motion-2.0' },
    ]);
  });

  it('prices durations at the chosen resolution, and offers no duration for vista-3.1-lite', async () => {
    const omni = await h.autocomplete('video-pro', [
      sub('omni', [opt.string('resolution', '4k'), { name: 'duration', type: 4, value: '', focused: true }]),
    ]);
    expect(omni[0]).toEqual({ name: '4 s · $0.60', value: 4 });
    const lite = await h.autocomplete('video', [
      opt.string('model', 'vista-3.1-lite'),
      { name: 'duration', type: 4, value: '', focused: true },
    ]);
    expect(lite).toEqual([]);
  });
});
