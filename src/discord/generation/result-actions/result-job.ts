/**
 * What every result action starts from: the job the custom id names, read from the store (so a
 * button works after a restart, or a week later), the request it sent, and the origin a new
 * generation started from it records.
 */
import type { Job, JobOrigin } from '../../../jobs/job.ts';
import type { CreateGenerationRequest } from '../../../media/schemas.ts';
import { UserError } from '../../interactions/command.ts';
import type { ResultButton } from '../../interactions/custom-ids.ts';
import { memberLocalizer } from '../../interactions/locale.ts';
import type { BotServices } from '../../interactions/services.ts';
import type { StartingInteraction } from '../../interactions/starting-interaction.ts';
import { storeStep } from '../../interactions/store-reads.ts';

/** The refusal of a press on a result the bot does not know (any more, or in this server), in the presser's language. */
export function unknownResult(interaction: StartingInteraction): UserError {
  return new UserError(memberLocalizer(interaction).t('actions:result.unknown'));
}

/** The job of a result, when it is known and was made in the server the interaction comes from. */
export async function resultJob(
  interaction: StartingInteraction,
  services: BotServices,
  generationId: string,
): Promise<Job> {
  const job = await storeStep(interaction, services.logger, 'the result', () =>
    services.jobs.get(generationId),
  );
  // A job from another server is answered as unknown: its prompt and settings are not this server's.
  if (!job || !interaction.inGuild() || job.reply.guildId !== interaction.guildId)
    throw unknownResult(interaction);
  return job;
}

/** Fields the service echoes in `parameters`, with the type the request gives them. */
const ECHOED_STRINGS = ['aspect_ratio', 'resolution', 'mode', 'style'] as const;

/**
 * The request the job sent. Jobs stored before the request was recorded fall back to the model,
 * the prompt and the parameters the service echoed.
 */
export function requestOf(job: Job): CreateGenerationRequest {
  if (job.request) return structuredClone(job.request);
  const request: CreateGenerationRequest = { model: job.model, prompt: job.prompt };
  for (const field of ECHOED_STRINGS) {
    const value = job.parameters[field];
    if (typeof value === 'string' && value !== '') request[field] = value;
  }
  const duration = job.parameters.duration;
  if (job.type === 'video' && typeof duration === 'number' && Number.isInteger(duration))
    request.duration = duration;
  return request;
}

/**
 * Where a generation started from this result: the message the button was on (`pressedOn`: the
 * reply, or a copy /show posted in another channel), else the job's reply (for the steps after a
 * menu or a modal, whose message is not the result).
 */
export function originOf(
  job: Job,
  action: ResultButton,
  pressedOn?: { channelId: string; id: string },
): JobOrigin {
  return {
    action,
    generationId: job.generationId,
    guildId: job.reply.guildId,
    channelId: pressedOn?.channelId ?? job.reply.channelId,
    messageId: pressedOn?.id ?? job.reply.messageId,
  };
}

/** A seed for a new try: any 31-bit whole number, as the motion models take. */
export function newSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
