/**
 * Which language an answer speaks. A member's own answers (replies, ephemeral refusals, their cards)
 * speak the member's Discord locale; what the whole server reads (a failure thread, the welcome, an
 * admin alert) speaks the server's: `localizer(guildLocale)`, or the guild's `preferredLocale`
 * where there is no interaction. Both come with every interaction; neither is trusted as more than
 * a choice among the languages the bot has (i18n/languages.ts).
 */
import type { BaseInteraction, LocalizationMap } from 'discord.js';
import {
  DISCORD_LOCALES_OF,
  english,
  LANGUAGES,
  type Localizer,
  localizer,
  localizerOf,
} from '../../i18n/index.ts';

/** The member's language: for everything only they read, and their own reply. */
export function memberLocalizer(interaction: Pick<BaseInteraction, 'locale'>): Localizer {
  return localizer(interaction.locale);
}

/** The two locales a job keeps on its ReplyTarget, so later edits and its thread speak them. */
export function replyLocales(interaction: Pick<BaseInteraction, 'locale' | 'guildLocale'>): {
  locale: string;
  guildLocale?: string;
} {
  return {
    locale: interaction.locale,
    ...(interaction.guildLocale ? { guildLocale: interaction.guildLocale } : {}),
  };
}

/**
 * A command's name or description in every language but English, keyed by each Discord locale the
 * language serves: `name_localizations` / `description_localizations` of a definition, whose own
 * `name` and `description` are the English. `text` is called once per language.
 */
export function localizations(text: (l: Localizer) => string): LocalizationMap {
  const map: LocalizationMap = {};
  for (const language of LANGUAGES) {
    if (language === 'en') continue;
    const value = text(localizerOf(language));
    for (const locale of DISCORD_LOCALES_OF[language]) map[locale as keyof LocalizationMap] = value;
  }
  return map;
}

/** A text in every language, from one key: `(l) => l.t('help:command.description')`. */
export type Text<T extends string = string> = (l: Localizer) => T;

/**
 * A command's, subcommand's, option's or choice's name, from the texts alone: the English one is
 * the definition's own `name` (what the router and the handlers read; its literal type is kept, so
 * `ArgsParam` still knows it), every other language goes in `name_localizations`.
 */
export function commandName<const N extends string>(name: Text<N>) {
  return { name: name(english), name_localizations: localizations(name) };
}

/**
 * A command's, subcommand's or option's name and description, from the texts alone: English in the
 * definition's own `name` and `description`, every other language in the localizations. The texts
 * in src/i18n/locales/ are the one place a command's words are written.
 */
export function commandTexts<const N extends string>(name: Text<N>, description: Text) {
  return {
    ...commandName(name),
    description: description(english),
    description_localizations: localizations(description),
  };
}
