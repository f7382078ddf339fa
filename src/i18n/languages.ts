/**
 * The languages the bot speaks, and how a Discord locale maps to one of them. Discord tells each
 * interaction the member's `locale` and the server's `guild_locale`; a locale the bot has no texts
 * for is answered in English, with English numbers (a Dutch member reads "$0.02" in an English
 * sentence rather than "US$ 0,02" in one).
 */

/** English first: it is the source every other language is checked against, and the fallback. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja'] as const;

export type Language = (typeof LANGUAGES)[number];

/** Discord's locales (its developer docs, "Locales") that each language serves. */
export const DISCORD_LOCALES_OF: Readonly<Record<Language, readonly string[]>> = {
  en: ['en-US', 'en-GB'],
  de: ['de'],
  fr: ['fr'],
  es: ['es-ES', 'es-419'],
  'pt-BR': ['pt-BR'],
  ja: ['ja'],
};

const LANGUAGE_OF_LOCALE: ReadonlyMap<string, Language> = new Map(
  LANGUAGES.flatMap((language) => DISCORD_LOCALES_OF[language].map((locale) => [locale, language] as const)),
);

/**
 * The language for a locale as Discord sends it. Anything else (absent, a locale without texts, a
 * forged string) is English: the value comes from an interaction, so it is never trusted as a key.
 */
export function languageOf(locale: string | null | undefined): Language {
  return (locale && LANGUAGE_OF_LOCALE.get(locale)) || 'en';
}
