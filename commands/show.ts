/**
 * /show id: brings a past result back as a new message, with its buttons. A member may show their
 * own results; a Manage Server member any of this server's. A generation whose job the bot no
 * longer has is looked up at the service, when the quota's record of its charge says it was made in
 * this server (for its member or a Manage Server member): the service's record, without buttons.
 * One the bot never charged is refused: the token is shared by every server, and the service would
 * show any of its generations to whoever asks.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  type ChatInputCommandInteraction,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { checkChannelRules } from '../src/discord/generation/channel-rules.ts';
import { readArgs } from '../src/discord/interactions/args.ts';
import { type Command, UserError } from '../src/discord/interactions/command.ts';
import { commandTexts, memberLocalizer } from '../src/discord/interactions/locale.ts';
import type { BotServices } from '../src/discord/interactions/services.ts';
import { inGuildChannel } from '../src/discord/interactions/starting-interaction.ts';
import { inTime, storeStep } from '../src/discord/interactions/store-reads.ts';
import { renderJob } from '../src/discord/views/render.ts';
import { renderServiceRecord } from '../src/discord/views/show-view.ts';
import { NotFoundError } from '../src/media/errors.ts';
import type { Generation } from '../src/media/schemas.ts';

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('show:command.name'),
    (l) => l.t('show:command.description'),
  ),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      ...commandTexts(
        (l) => l.t('show:command.id.name'),
        (l) => l.t('show:command.id.description'),
      ),
      required: true,
      autocomplete: true,
      max_length: 100,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** A generation id as the service makes them (a UUID); backticks and spaces around it are forgiven. */
const GENERATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseGenerationId(text: string): string | undefined {
  const id = text.trim().replace(/^`+|`+$/g, '');
  return GENERATION_ID.test(id) ? id.toLowerCase() : undefined;
}

export const show: Command = {
  data,
  execute: handleShow,
  async autocomplete(interaction, services) {
    if (!interaction.inGuild()) return interaction.respond([]);
    // Read outside the quota's transaction: a keystroke must not queue behind the money. A store
    // that does not answer in time gives no choices rather than no answer.
    const { guildId } = interaction;
    const jobs = await inTime(
      interaction,
      services.quotaLedger
        .recentGenerationIds(guildId, interaction.user.id)
        .then((recent) => Promise.all(recent.map((id) => services.jobs.get(id)))),
      'the recent generations',
    ).catch(() => []);
    const typed = interaction.options.getFocused().trim().toLowerCase();
    const l = memberLocalizer(interaction);
    const choices = [];
    for (const job of jobs) {
      if (!job || job.reply.guildId !== interaction.guildId) continue;
      const prompt = job.prompt.replace(/\s+/g, ' ').trim();
      const name = l.t(job.type === 'image' ? 'show:choice.image' : 'show:choice.video', { prompt });
      if (typed && !name.toLowerCase().includes(typed) && !job.generationId.startsWith(typed)) continue;
      choices.push({ name: name.length > 100 ? `${name.slice(0, 99)}…` : name, value: job.generationId });
    }
    await interaction.respond(choices.slice(0, 25));
  },
};

async function handleShow(interaction: ChatInputCommandInteraction, services: BotServices): Promise<void> {
  const l = memberLocalizer(interaction);
  if (!interaction.inGuild()) throw new UserError(l.t('show:errors.serversOnly'));
  const typed = readArgs(interaction, data).id;
  const generationId = parseGenerationId(typed);
  if (!generationId) {
    throw new UserError(l.t('show:errors.notAnId'));
  }
  const manager = interaction.memberPermissions.has(PermissionFlagsBits.ManageGuild);
  const { logger } = services;
  const job = await storeStep(interaction, logger, 'the job', () => services.jobs.get(generationId));

  if (!job) {
    const charged = await storeStep(interaction, logger, 'the charge', () =>
      services.quotaLedger.chargedTo(generationId),
    );
    if (charged?.guildId !== interaction.guildId) {
      throw new UserError(l.t('show:errors.notHere'));
    }
    if (charged.userId !== interaction.user.id && !manager) {
      throw new UserError(l.t('show:errors.notYours'));
    }
    // The service may be slow to answer (its rate limit is shared): answer Discord first.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    let generation: Generation;
    try {
      // A member is waiting: this goes with the submissions, ahead of the background polls.
      generation = await services.media.getGeneration(generationId, { priority: 'submit' });
    } catch (err) {
      if (err instanceof NotFoundError) {
        throw new UserError(l.t('show:errors.unknown'));
      }
      throw err;
    }
    await interaction.editReply(renderServiceRecord(generation, l));
    return;
  }

  if (job.reply.guildId !== interaction.guildId) {
    throw new UserError(l.t('show:errors.notHere'));
  }
  if (job.reply.userId !== interaction.user.id && !manager) {
    throw new UserError(l.t('show:errors.notYours'));
  }
  if (job.step !== 'done') {
    throw new UserError(l.t('show:errors.notFinished'));
  }
  // A result shown again is posted again: the channel rules that let it be made here hold for
  // showing it here (a spicy video stays in age-restricted channels).
  if (!inGuildChannel(interaction)) throw new UserError(l.t('show:errors.channelsOnly'));
  const guildId = interaction.guildId;
  const settings = await storeStep(interaction, logger, 'settings', () =>
    services.quotaAdmin.getSettings(guildId),
  );
  checkChannelRules(interaction, settings, {
    model: job.model,
    prompt: job.prompt,
    ...(typeof (job.request?.mode ?? job.parameters.mode) === 'string'
      ? { mode: (job.request?.mode ?? job.parameters.mode) as string }
      : {}),
  });

  await interaction.deferReply();
  if (job.status === 'failed') {
    await interaction.editReply({
      content: '',
      ...renderJob(job, { kind: 'failed' }, services.catalog.get(job.model)),
    });
    return;
  }
  let shown = job;
  let content = await services.resultContent(shown);
  if (content.kind === 'result' && content.linkReason === 'download_failed') {
    // The file may be gone from where the bot saw it: ask the service where it is now.
    const fresh = await services.media
      .getGeneration(generationId, { priority: 'submit' })
      .catch(() => undefined);
    if (fresh?.output && fresh.output.url !== job.output?.url) {
      shown = (await services.jobs.update(generationId, () => ({ output: fresh.output }))) ?? job;
      content = await services.resultContent(shown);
    }
  }
  await interaction.editReply({
    content: '',
    ...renderJob(shown, content, services.catalog.get(shown.model)),
  });
}
