/**
 * /quota, /settings and /help in every language: each command, subcommand, option and choice has a
 * name and a description in every language the bot speaks, that Discord accepts (lowercase, no
 * spaces, at most 32 characters; descriptions at most 100), and no two siblings share a name in one
 * language (Discord refuses the whole registration when they do).
 */
import type { APIApplicationCommandOption, LocalizationMap } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { helpCommand } from '../../commands/help.ts';
import { QuotaCommand } from '../../commands/quota/definition.ts';
import { settings } from '../../commands/settings.ts';
import { DISCORD_LOCALES_OF, LANGUAGES } from '../../src/i18n/index.ts';

const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const LOCALES = LANGUAGES.filter((l) => l !== 'en').flatMap(
  (l) => DISCORD_LOCALES_OF[l],
) as (keyof LocalizationMap)[];

interface Named {
  name: string;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
  options?: readonly APIApplicationCommandOption[];
  choices?: readonly Named[];
}

/** Every problem of one item and its children, as readable lines. */
function problems(item: Named, path: string): string[] {
  const out: string[] = [];
  for (const locale of LOCALES) {
    const name = item.name_localizations?.[locale];
    if (name === undefined || name === null) out.push(`${path}: no ${locale} name`);
    // Choices are shown, not typed: any text up to 100 characters.
    else if (path.includes('=') ? name.length > 100 : !NAME.test(name) || name !== name.toLowerCase())
      out.push(`${path}: ${locale} name "${name}"`);
    if (item.description !== undefined) {
      const description = item.description_localizations?.[locale];
      if (!description || description.length > 100)
        out.push(`${path}: ${locale} description "${description}"`);
    }
  }
  const children: Named[] = [...((item.options ?? []) as unknown as Named[]), ...(item.choices ?? [])];
  for (const locale of LOCALES) {
    const names = children.map((c) => c.name_localizations?.[locale] ?? c.name);
    const twice = names.filter((n, i) => names.indexOf(n) !== i);
    if (twice.length > 0) out.push(`${path}: ${locale} names twice: ${twice.join(', ')}`);
  }
  for (const child of children)
    out.push(...problems(child, `${path} ${item.choices?.includes(child) ? '=' : ''}${child.name}`));
  return out;
}

describe('the admin commands in every language', () => {
  it.each([
    ['quota', QuotaCommand as Named],
    ['settings', settings.data as Named],
    ['help', helpCommand(() => ({ commands: [], messageCommands: [] })).data as Named],
  ])('/%s has a valid name and description in each', (name, data) => {
    expect(problems(data, `/${name}`)).toEqual([]);
  });

  it('keeps the English names the handlers read the options by', () => {
    expect(QuotaCommand.name).toBe('quota');
    expect(QuotaCommand.options.map((o) => o.name)).toEqual([
      'set',
      'role',
      'default',
      'budget',
      'confirm',
      'show',
      'reset',
      'channels',
      'alerts',
      'report',
    ]);
    expect(QuotaCommand.name_localizations.de).toBe('kontingent');
    expect(QuotaCommand.name_localizations.ja).toBe('利用枠');
  });
});
