/**
 * /imagine, /video, /video-pro and "Generate from this" in every language the bot speaks: each
 * command, subcommand, option and choice has its name and description for every Discord locale of
 * those languages, within Discord's rules, and the English the handlers read is unchanged.
 */
import type { LocalizationMap } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commands, messageCommands } from '../../commands/index.ts';
import { DISCORD_LOCALES_OF, LANGUAGES } from '../../src/i18n/index.ts';

const LOCALES = LANGUAGES.filter((l) => l !== 'en').flatMap((l) => DISCORD_LOCALES_OF[l]);
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Entry {
  name: string;
  name_localizations?: LocalizationMap;
  description?: string;
  description_localizations?: LocalizationMap;
  options?: Entry[];
  choices?: Entry[];
}

const generation = commands.filter((c) => ['imagine', 'video', 'video-pro'].includes(c.data.name));
/** Subcommands are named by their model family, which no language translates. */
const FAMILIES = new Set(['motion', 'orbit', 'vista', 'omni', 'quick']);

/** Every entry below a command, with its siblings (for uniqueness), as a path for messages. */
function walk(entry: Entry, path: string, out: { path: string; entry: Entry; siblings: Entry[] }[]) {
  for (const list of [entry.options ?? [], entry.choices ?? []]) {
    for (const child of list) {
      out.push({ path: `${path} ${child.name}`, entry: child, siblings: list });
      walk(child, `${path} ${child.name}`, out);
    }
  }
  return out;
}

describe.each(generation.map((c) => [c.data.name, c.data as Entry] as const))('/%s', (name, data) => {
  const entries = walk(data, `/${name}`, []);

  it('has its name and description in every locale, within Discord’s rules', () => {
    for (const locale of LOCALES) {
      const localName = data.name_localizations?.[locale as keyof LocalizationMap];
      expect(localName, `${name} ${locale}`).toMatch(NAME);
      expect(localName).toBe(localName?.toLowerCase());
      expect(data.description_localizations?.[locale as keyof LocalizationMap]?.length ?? 0).toBeGreaterThan(
        0,
      );
    }
  });

  it('names every option in every locale, lower case, unique among its siblings', () => {
    for (const { path, entry, siblings } of entries) {
      const isChoice = entry.description === undefined;
      if (FAMILIES.has(entry.name) && entry.options) continue;
      // The orbit styles are the service's own values, shown as it spells them.
      if (isChoice && entry.name_localizations === undefined) continue;
      for (const locale of LOCALES) {
        const key = locale as keyof LocalizationMap;
        const localName = entry.name_localizations?.[key];
        expect(localName, `${path} in ${locale}`).toBeTruthy();
        if (isChoice) {
          expect((localName ?? '').length).toBeLessThanOrEqual(100);
          continue;
        }
        expect(localName, `${path} in ${locale}`).toMatch(NAME);
        expect(localName).toBe(localName?.toLowerCase());
        const same = siblings.filter((s) => (s.name_localizations?.[key] ?? s.name) === localName);
        expect(same, `${path} in ${locale} is not unique`).toHaveLength(1);
      }
    }
  });

  it('describes every option in every locale in at most 100 characters', () => {
    for (const { path, entry } of entries) {
      if (entry.description === undefined) continue;
      expect(entry.description.length, path).toBeLessThanOrEqual(100);
      for (const locale of LOCALES) {
        const text = entry.description_localizations?.[locale as keyof LocalizationMap] ?? '';
        expect(text.length, `${path} in ${locale}`).toBeGreaterThan(0);
        expect(text.length, `${path} in ${locale}`).toBeLessThanOrEqual(100);
      }
    }
  });
});

describe('the localized definitions', () => {
  it('keep the English names the handlers read, and read naturally in German and Japanese', () => {
    const imagine = generation.find((c) => c.data.name === 'imagine')?.data as Entry;
    expect(imagine.name_localizations?.de).toBe('bild');
    const count = imagine.options?.find((o) => o.name === 'count');
    expect(count?.name_localizations?.de).toBe('anzahl');
    expect(count?.name_localizations?.ja).toBe('テイク数');
    const image2 = imagine.options?.find((o) => o.name === 'image2');
    expect(image2?.name_localizations?.de).toBe('bild2');
    expect(image2?.description_localizations?.ja).toBe('参照画像2');
    expect(imagine.description_localizations?.ja).toBe('プロンプトから画像を生成します');
  });

  it('give "Generate from this" a menu name in every locale (spaces and capitals allowed)', () => {
    const fromThis = messageCommands.find((c) => c.data.name === 'Generate from this')?.data as Entry;
    for (const locale of LOCALES) {
      const name = fromThis.name_localizations?.[locale as keyof LocalizationMap] ?? '';
      expect(name.length, locale).toBeGreaterThan(0);
      expect(name.length, locale).toBeLessThanOrEqual(32);
    }
    expect(fromThis.name_localizations?.de).toBe('Hieraus generieren');
  });
});
