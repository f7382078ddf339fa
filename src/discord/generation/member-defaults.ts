/**
 * A member's own defaults (/settings; stored by quota/member-defaults.ts) at the Discord edge:
 * merged under the options of /imagine and /video when a request is made (a change from /settings
 * is checked against the catalog in settings-change.ts). A command's options always win; a default fills only an
 * option the member left out, and only where the model in use takes it.
 *
 * The catalog changes after a default is stored: a default model the service no longer offers is
 * not an error at /imagine, the server's default model is used instead and the member is told
 * why, privately; a stored aspect ratio or resolution the model in use does not take is left out.
 */
import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { ModelCatalog } from '../../catalog/catalog.ts';
import type { Localizer } from '../../i18n/index.ts';
import type { Logger } from '../../log.ts';
import type { MediaType } from '../../media/schemas.ts';
import { defaultsOf, type MemberDefaults } from '../../quota/member-defaults.ts';
import { UserError } from '../interactions/command.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import { storeStep } from '../interactions/store-reads.ts';
import { codeText } from '../views/models-view.ts';
import { truncate } from '../views/text.ts';
import { DEFAULT_MODELS } from './read-request.ts';

/** The options of a generation command that a member's default can fill. */
export interface DefaultableArgs {
  model?: string | undefined;
  aspect_ratio?: string | undefined;
  resolution?: string | undefined;
}

/** What a request takes from the member's defaults beyond its fields. */
export interface RequestDefaults {
  /** Takes per request, when the member set it (a command's own `count` wins). */
  count?: number;
  /** Ask the member to confirm any request with a price, even below the server's threshold. */
  alwaysConfirm: boolean;
  /** Why a default was not used, for the member alone. */
  note?: string;
}

/** The member's defaults as a request uses them (startGeneration reads only `alwaysConfirm`). */
export function requestDefaultsOf(stored: MemberDefaults): RequestDefaults {
  return {
    alwaysConfirm: stored.alwaysConfirm === true,
    ...(stored.count === undefined ? {} : { count: stored.count }),
  };
}

/** What a member typed, shown back in code: Discord's 100 characters are not a modified client's limit. */
export const shown = (text: string) => truncate(codeText(text), 100);

/** What a member typed, trimmed; undefined when blank (an option left empty counts as not given). */
export const given = (text: string | undefined): string | undefined => text?.trim() || undefined;

/**
 * `args` with the member's defaults under them: an option left out takes the member's default,
 * the model only when the catalog still offers it as a model of this type, an aspect ratio or a
 * resolution only when the model in use takes it. Pure, for the catalog as it is now. The note
 * (why a default was not used) speaks `l`, the member's language.
 */
export function mergeDefaults<A extends DefaultableArgs>(
  catalog: ModelCatalog,
  type: MediaType,
  stored: MemberDefaults,
  args: A,
  l: Localizer,
): { args: A; defaults: RequestDefaults } {
  const mine = defaultsOf(stored, type);
  const defaults = requestDefaultsOf(stored);
  const merged: A = { ...args };
  let model = given(args.model);
  if (!model && mine.model) {
    // Before the catalog has loaded, nothing can be judged: the request is refused for that anyway.
    const offered = catalog.ready ? catalog.get(mine.model) : undefined;
    if (!catalog.ready || offered?.type === type) {
      model = offered?.slug ?? mine.model;
      merged.model = model;
    } else {
      const fallback = catalog.get(DEFAULT_MODELS[type]);
      defaults.note = l.t(`generate:defaultModelGone.${type}`, {
        model: codeText(mine.model),
        fallback: fallback?.label ?? DEFAULT_MODELS[type],
      });
    }
  }
  const inUse = catalog.get(model ?? DEFAULT_MODELS[type]);
  if (!given(args.aspect_ratio) && mine.aspect_ratio && inUse?.aspect_ratios.includes(mine.aspect_ratio))
    merged.aspect_ratio = mine.aspect_ratio;
  if (!given(args.resolution) && mine.resolution && inUse?.resolutions.includes(mine.resolution))
    merged.resolution = mine.resolution;
  return { args: merged, defaults };
}

/**
 * The member's defaults read (a store step before the first answer: a store that fails refuses the
 * request, as the server's settings do) and merged under `args`.
 */
export async function underMemberDefaults<A extends DefaultableArgs>(
  interaction: ChatInputCommandInteraction,
  services: BotServices,
  type: MediaType,
  args: A,
): Promise<{ args: A; defaults: RequestDefaults }> {
  const { guildId } = interaction;
  // Outside a server there are no defaults; the command refuses the request itself.
  if (!guildId) return { args, defaults: { alwaysConfirm: false } };
  const stored = await storeStep(interaction, services.logger, 'your defaults', () =>
    services.memberDefaults.get(guildId, interaction.user.id),
  );
  return mergeDefaults(services.catalog, type, stored, args, memberLocalizer(interaction));
}

/**
 * Runs `start` (the request), then tells the member privately why their default was not used: in
 * the refusal itself when the request is refused before any answer, else in a private follow-up.
 */
export async function withDefaultsNote(
  interaction: ChatInputCommandInteraction,
  logger: Logger,
  note: string | undefined,
  start: () => Promise<void>,
): Promise<void> {
  if (!note) return start();
  try {
    await start();
  } catch (err) {
    if (err instanceof UserError && !interaction.deferred && !interaction.replied)
      throw new UserError(`${err.message}\n\n${note}`);
    throw err;
  }
  await interaction
    .followUp({ content: note, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } })
    .catch((err: unknown) => logger.warn({ err }, 'cannot tell the member why a default was not used'));
}
