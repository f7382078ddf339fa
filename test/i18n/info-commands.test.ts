/**
 * /models, /balance, /usage and /show in every language: each name and description as Discord takes
 * it (a refused one would make the deploy fail for every command), and none left in English.
 */
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { balance } from '../../commands/balance.ts';
import { models } from '../../commands/models.ts';
import { show } from '../../commands/show.ts';
import { usage } from '../../commands/usage.ts';
import { DISCORD_LOCALES_OF, LANGUAGES } from '../../src/i18n/index.ts';

/** Discord's rule for a command's or option's name, in every language. */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const LOCALES = LANGUAGES.filter((l) => l !== 'en').flatMap((l) => DISCORD_LOCALES_OF[l]);

interface Named {
  name: string;
  description: string;
  name_localizations?: Record<string, string | null> | null;
  description_localizations?: Record<string, string | null> | null;
  options?: readonly Named[];
}

function expectLocalized(item: Named, path: string): void {
  for (const locale of LOCALES) {
    const name = item.name_localizations?.[locale];
    const description = item.description_localizations?.[locale];
    expect(name, `${path} name in ${locale}`).toMatch(NAME);
    expect(name, `${path} name in ${locale}`).toBe(name?.toLowerCase());
    expect(description?.length, `${path} description in ${locale}`).toBeGreaterThan(0);
    expect(description?.length ?? 0, `${path} description in ${locale}`).toBeLessThanOrEqual(100);
  }
  const options = item.options ?? [];
  for (const locale of LOCALES) {
    const names = options.map((o) => o.name_localizations?.[locale]);
    expect(new Set(names).size, `${path} option names in ${locale} are unique`).toBe(names.length);
  }
  for (const option of options) expectLocalized(option, `${path} ${option.name}`);
}

describe('the commands members look things up with', () => {
  it.each([models, balance, usage, show])(
    '$data.name has a valid name and description in every language',
    (command) => {
      expectLocalized(
        command.data as RESTPostAPIChatInputApplicationCommandsJSONBody as Named,
        command.data.name,
      );
    },
  );

  it('reads as a German and a Japanese member sees it', () => {
    expect(models.data.name_localizations).toMatchObject({ de: 'modelle', ja: 'モデル' });
    expect(balance.data.name_localizations).toMatchObject({ de: 'guthaben', ja: '残高' });
    expect(usage.data.description_localizations).toMatchObject({
      de: 'Dein Generierungskontingent, deine Ausgaben in diesem Zeitraum und deine letzten Generierungen',
    });
  });
});
