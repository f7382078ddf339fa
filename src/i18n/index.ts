/** The bot's words in every language it speaks: i18n.ts (the texts and the Localizer), languages.ts. */
export { english, type Localizer, localizer, localizerOf, RESOURCES } from './i18n.ts';
export { DISCORD_LOCALES_OF, LANGUAGES, type Language, languageOf } from './languages.ts';
export type { Messages } from './messages.ts';
