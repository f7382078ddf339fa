/**
 * A text that names a command names it as the reader's Discord shows it: a German member's command
 * list has /bild, so a German text that says "/imagine" sends them looking for a command they do not
 * have. Every command a text names (a `/name` not inside a URL or a mention; in Japanese it may follow
 * a kana or 。 directly) must be that language's name.
 */
import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { DISCORD_LOCALES_OF, LANGUAGES, type Messages, RESOURCES } from '../../src/i18n/index.ts';

function texts(messages: Messages): string[] {
  return Object.values(messages).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
}

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s texts', (language) => {
  const locale = DISCORD_LOCALES_OF[language][0] as string;
  const names = new Map(
    commands.map((c) => [
      c.data.name,
      (c.data.name_localizations as Record<string, string> | undefined)?.[locale],
    ]),
  );

  it('name every command by its name in this language', () => {
    const wrong: string[] = [];
    for (const text of Object.values(RESOURCES[language]).flatMap((ns) => texts(ns as Messages))) {
      for (const [, name] of text.matchAll(/(?<![A-Za-z0-9.:/<])\/([\p{L}\p{N}_-]+)/gu)) {
        const localized = names.get(name as string);
        if (localized && localized !== name) wrong.push(`/${name} (should be /${localized}) in: ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
