/**
 * Again and Higher resolution: the result's request once more, as a new generation of the member
 * who pressed (their quota), through the same path as a slash command.
 */
import type { ButtonInteraction } from 'discord.js';
import { UserError } from '../../interactions/command.ts';
import { memberLocalizer } from '../../interactions/locale.ts';
import type { BotServices } from '../../interactions/services.ts';
import { escapeMemberText } from '../../views/message-parts.ts';
import { nextResolution } from '../../views/result-buttons.ts';
import { startGeneration } from '../generate.ts';
import { newSeed, originOf, requestOf, resultJob } from './result-job.ts';

/**
 * Again: same model and parameters. A request that carried a seed (motion models) gets a new one,
 * or "again" would make nearly the same video; otherwise the seed stays unset for the service to pick.
 */
export async function again(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const request = requestOf(job);
  if (request.seed !== undefined) request.seed = newSeed();
  await startGeneration(interaction, services, job.type, request, {
    origin: originOf(job, 'again', interaction.message),
  });
}

/**
 * Higher resolution: the same request at the model's next resolution (seed kept, so it stays the
 * same picture as far as the model allows). Always confirmed first: the card shows the higher price.
 */
export async function higherResolution(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const resolution = nextResolution(job, services.catalog.get(job.model));
  if (!resolution) {
    throw new UserError(
      memberLocalizer(interaction).t('actions:higherResolution.none', {
        model: escapeMemberText(job.modelLabel),
      }),
    );
  }
  await startGeneration(
    interaction,
    services,
    job.type,
    { ...requestOf(job), resolution },
    { alwaysConfirm: true, origin: originOf(job, 'higher-resolution', interaction.message) },
  );
}
