/**
 * A text that names a command names it as the reader's Discord shows it: a German member's command
 * list has /bild, so a German text that says "/imagine" sends them looking for a command they do not
 * have. Every command a text names (a `/name` not inside a URL or a mention; in Japanese it may follow
 * a kana or 。 directly) must be that language's name.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { DISCORD_LOCALES_OF, LANGUAGES, type Messages, RESOURCES } from '../../src/i18n/index.ts';

interface Named {
  name: string;
  type?: number;
  name_localizations?: Record<string, string> | null;
  options?: Named[];
}

function texts(messages: Messages): string[] {
  return Object.values(messages).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
}

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s texts', (language) => {
  const locale = DISCORD_LOCALES_OF[language][0] as string;
  const localized = (n: Named) => n.name_localizations?.[locale] ?? n.name;
  /** Each command by its localized name, with its subcommands by theirs (English name → local). */
  const byLocalName = new Map(
    commands.map((c) => {
      const data = c.data as Named;
      const subs = (data.options ?? []).filter((o) => o.type === ApplicationCommandOptionType.Subcommand);
      return [localized(data), new Map(subs.map((o) => [o.name, localized(o)]))] as const;
    }),
  );
  const englishNames = new Map(commands.map((c) => [c.data.name, localized(c.data as Named)]));

  it('name every command, and every subcommand after it, by its name in this language', () => {
    const wrong: string[] = [];
    for (const text of Object.values(RESOURCES[language]).flatMap((ns) => texts(ns as Messages))) {
      for (const [, name, next] of text.matchAll(
        /(?<![A-Za-z0-9.:/<])\/([\p{L}\p{N}_-]+)(?: ([\p{L}\p{N}_-]+))?/gu,
      )) {
        const local = englishNames.get(name as string);
        if (local && local !== name) wrong.push(`/${name} (should be /${local}) in: ${text}`);
        const sub = next === undefined ? undefined : byLocalName.get(name as string)?.get(next);
        if (sub && sub !== next) wrong.push(`/${name} ${next} (should be /${name} ${sub}) in: ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
