/**
 * Every command, subcommand, option and choice has its name and description in every language the
 * bot speaks, as Discord accepts them: a member whose Discord is in German reads German in the
 * command picker. English is the definition's own `name` and `description`, the name the code reads.
 */
import { ApplicationCommandType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { balance } from '../../commands/balance.ts';
import { commands, messageCommands } from '../../commands/index.ts';
import { models } from '../../commands/models.ts';
import { QuotaCommand } from '../../commands/quota/definition.ts';
import { usage } from '../../commands/usage.ts';
import { DISCORD_LOCALES_OF, LANGUAGES } from '../../src/i18n/index.ts';

const LOCALES = LANGUAGES.filter((l) => l !== 'en').flatMap((l) => DISCORD_LOCALES_OF[l]);

/** Discord's rule for the names of slash commands and their options (lower case where a case exists). */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Node {
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Node[];
  choices?: Node[];
  value?: unknown;
}

/** Every named thing of a definition, with the path that names it and its siblings. */
function walk(
  node: Node,
  path: string,
  out: { path: string; node: Node; siblings: Node[] }[],
  siblings: Node[],
) {
  out.push({ path, node, siblings });
  for (const option of node.options ?? []) walk(option, `${path} ${option.name}`, out, node.options ?? []);
  for (const choice of node.choices ?? []) walk(choice, `${path}=${choice.name}`, out, node.choices ?? []);
  return out;
}

const slash = commands.map((c) => c.data as unknown as Node);
const nodes = slash.flatMap((c) => walk(c, `/${c.name}`, [], slash));

describe('the localized command definitions', () => {
  it.each(nodes.map((n) => [n.path, n] as const))('%s has its name in every language', (path, { node }) => {
    const names = node.name_localizations ?? {};
    expect(Object.keys(names).sort(), path).toEqual([...LOCALES].sort());
    for (const [locale, name] of Object.entries(names)) {
      if (node.value !== undefined) {
        // A choice's name is what the member reads in the list: any text of 1 to 100 characters.
        expect(name.length, `${path} ${locale}`).toBeGreaterThan(0);
        expect(name.length, `${path} ${locale}`).toBeLessThanOrEqual(100);
      } else {
        expect(name, `${path} ${locale}`).toMatch(NAME);
        expect(name, `${path} ${locale}`).toBe(name.toLowerCase());
      }
    }
  });

  it.each(nodes.filter((n) => n.node.value === undefined).map((n) => [n.path, n] as const))(
    '%s has its description in every language, within 100 characters',
    (path, { node }) => {
      const descriptions = node.description_localizations ?? {};
      expect(node.description?.length ?? 0, `${path} en`).toBeLessThanOrEqual(100);
      expect(Object.keys(descriptions).sort(), path).toEqual([...LOCALES].sort());
      for (const [locale, text] of Object.entries(descriptions)) {
        expect(text.length, `${path} ${locale}`).toBeGreaterThan(0);
        expect(text.length, `${path} ${locale}`).toBeLessThanOrEqual(100);
      }
    },
  );

  it('never gives two siblings the same name in one language', () => {
    for (const { path, node, siblings } of nodes) {
      for (const locale of LOCALES) {
        // A name left unlocalized is the English one in that language too.
        const nameIn = (n: Node) => n.name_localizations?.[locale] ?? n.name;
        const mine = nameIn(node);
        const same = siblings.filter((s) => s !== node && nameIn(s) === mine);
        expect(
          same.map((s) => s.name),
          `${path} ${locale} "${mine}"`,
        ).toEqual([]);
      }
    }
  });

  it("keeps each command within Discord's 4,000 characters in every language", () => {
    const size = (node: Node, locale: string | null): number =>
      (locale ? (node.name_localizations?.[locale] ?? node.name) : node.name).length +
      (locale
        ? (node.description_localizations?.[locale] ?? node.description ?? '')
        : (node.description ?? '')
      ).length +
      (typeof node.value === 'string' ? node.value.length : 0) +
      [...(node.options ?? []), ...(node.choices ?? [])].reduce((sum, child) => sum + size(child, locale), 0);
    for (const command of slash)
      for (const locale of [null, ...LOCALES])
        expect(size(command, locale), `/${command.name} ${locale ?? 'en'}`).toBeLessThanOrEqual(4000);
  });

  it('names the message command in every language (a context menu name may have spaces and capitals)', () => {
    for (const { data } of messageCommands) {
      expect(data.type).toBe(ApplicationCommandType.Message);
      const names = (data.name_localizations ?? {}) as Record<string, string>;
      expect(Object.keys(names).sort(), data.name).toEqual([...LOCALES].sort());
      for (const name of Object.values(names)) expect(name.length).toBeLessThanOrEqual(32);
    }
  });
});

describe('the localized definitions, as a German and a Japanese member reads them', () => {
  const imagine = slash.find((c) => c.name === 'imagine') as Node;
  const option = (name: string) => imagine.options?.find((o) => o.name === name);

  it('keep the English names the handlers read, beside names that read naturally', () => {
    expect(imagine.name_localizations?.de).toBe('bild');
    expect(option('count')?.name_localizations?.de).toBe('anzahl');
    expect(option('count')?.name_localizations?.ja).toBe('テイク数');
    expect(option('image2')?.name_localizations?.de).toBe('bild2');
    expect(option('image2')?.description_localizations?.ja).toBe('参照画像2');
    expect(imagine.description_localizations?.ja).toBe('プロンプトから画像を生成します');
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
      'moderation',
      'report',
      'prompts',
      'topups',
    ]);
    expect(QuotaCommand.name_localizations.de).toBe('kontingent');
    expect(QuotaCommand.name_localizations.ja).toBe('利用枠');
    expect(models.data.name_localizations).toMatchObject({ de: 'modelle', ja: 'モデル' });
    expect(balance.data.name_localizations).toMatchObject({ de: 'guthaben', ja: '残高' });
    expect(usage.data.description_localizations).toMatchObject({
      de: 'Dein Generierungskontingent, deine Ausgaben in diesem Zeitraum und deine letzten Generierungen',
    });
  });

  it('give "Generate from this" a German menu name', () => {
    const fromThis = messageCommands.find((c) => c.data.name === 'Generate from this')?.data;
    expect(fromThis?.name_localizations?.de).toBe('Hieraus generieren');
  });
});
