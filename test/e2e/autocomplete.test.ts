import { type APIApplicationCommandInteractionDataOption, Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { autocompleteInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, opt, useHarness } from '../support/bot-harness.ts';

const h = useHarness({ per: 'file' });

const focused = (name: string, value: string) => opt.string(name, value, true);

describe('autocomplete', () => {
  it('offers the image models with label and price on /imagine', async () => {
    const choices = await h.autocomplete('imagine', [opt.string('prompt', 'x'), focused('model', '')]);
    expect(choices).toHaveLength(6);
    expect(choices).toContainEqual({ name: 'Nano Fruit Pro · from $0.10', value: 'nano-fruit-pro' });
    expect(choices).toContainEqual({ name: 'Lang 4o Image · $0.02', value: 'lang-4o-image' });
    expect(choices.every((c) => !String(c.value).includes('motion'))).toBe(true);
  });

  it('filters models by what was typed, in the slug or the label, ignoring case', async () => {
    const bySlug = await h.autocomplete('video', [focused('model', 'MOTION')]);
    expect(bySlug.map((c) => c.value)).toEqual(['motion-2.0', 'motion-2.0-fast']);
    expect(bySlug[0]?.name).toBe('Motion 2.0 · from $0.132/s');
    const byLabel = await h.autocomplete('video', [focused('model', 'vista 3.1 l')]);
    expect(byLabel.map((c) => c.value)).toEqual(['vista-3.1-lite']);
  });

  it('offers the durations of the chosen model with their price', async () => {
    const choices = await h.autocomplete('video', [
      opt.string('model', 'omni-flash-ext'),
      { name: 'duration', type: 4, value: '', focused: true },
    ]);
    expect(choices).toEqual([
      { name: '4 s · $0.20', value: 4 },
      { name: '6 s · $0.30', value: 6 },
      { name: '8 s · $0.40', value: 8 },
      { name: '10 s · $0.50', value: 10 },
    ]);
  });

  it('offers every video duration, capped at 25, when no model is chosen yet', async () => {
    const choices = await h.autocomplete('video', [{ name: 'duration', type: 4, value: '', focused: true }]);
    expect(choices).toHaveLength(25);
    expect(choices[0]).toEqual({ name: '4 s', value: 4 });
  });

  it('offers the resolutions and aspect ratios of the chosen model, or of all models of the type', async () => {
    expect(
      await h.autocomplete('video', [opt.string('model', 'vista-3.1-fast'), focused('resolution', '')]),
    ).toEqual([
      { name: '720p', value: '720p' },
      { name: '1080p', value: '1080p' },
      { name: '4k', value: '4k' },
    ]);
    const ratios = await h.autocomplete('imagine', [focused('aspect_ratio', '')]);
    expect(ratios.map((c) => c.value)).toEqual(expect.arrayContaining(['1:1', '21:9', '9:21', '2:3']));
    const chosen = await h.autocomplete('imagine', [
      opt.string('model', 'lang-4o-image'),
      focused('aspect_ratio', '16'),
    ]);
    expect(chosen).toEqual([{ name: '16:9', value: '16:9' }]);
  });

  it('offers styles only for the orbit models', async () => {
    expect(await h.autocomplete('video', [opt.string('model', 'orbit-2'), focused('style', 'ani')])).toEqual([
      { name: 'anime', value: 'anime' },
    ]);
    expect(await h.autocomplete('video', [opt.string('model', 'motion-2.0'), focused('style', '')])).toEqual(
      [],
    );
  });

  it('answers without a single call to the service', async () => {
    const before = h.sim.requests.length;
    await h.autocomplete('video', [focused('model', '')]);
    await h.autocomplete('imagine', [focused('resolution', '')]);
    expect(h.sim.requests.length).toBe(before);
  });
});

describe('autocomplete in the member’s language', () => {
  /** The choices the bot answers to an autocomplete from a member whose Discord speaks `locale`. */
  async function choicesFor(
    locale: Locale,
    name: string,
    options: APIApplicationCommandInteractionDataOption[],
  ) {
    const payload = autocompleteInteraction(h.discord, {
      commandName: name,
      options,
      channelId: ART,
      userId: ALICE,
      locale,
    });
    await h.discord.sendInteraction(payload);
    const call = await h.callbackOf(payload);
    return (call.body as { data: { choices: { name: string; value: string | number }[] } }).data.choices;
  }

  it('names models with German prices and "ab", values unchanged', async () => {
    const choices = await choicesFor(Locale.German, 'imagine', [focused('model', '')]);
    expect(choices).toContainEqual({ name: 'Nano Fruit Pro · ab 0,10\u00a0$', value: 'nano-fruit-pro' });
    expect(choices).toContainEqual({ name: 'Lang 4o Image · 0,02\u00a0$', value: 'lang-4o-image' });
    const motion = await choicesFor(Locale.German, 'video', [focused('model', 'motion')]);
    expect(motion[0]).toEqual({ name: 'Motion 2.0 · ab 0,132\u00a0$/s', value: 'motion-2.0' });
  });

  it('writes durations and their prices in Japanese', async () => {
    const choices = await choicesFor(Locale.Japanese, 'video', [
      opt.string('model', 'omni-flash-ext'),
      { name: 'duration', type: 4, value: '', focused: true },
    ]);
    expect(choices[0]).toEqual({ name: '4秒 · $0.20', value: 4 });
  });
});
