/**
 * The one path from reserved takes to the service, for the slash commands and the Confirm button:
 * defers the public reply (every take's reservation is released when it cannot be), then submits
 * each take as a submission of its own, built here and only here. A single request is a batch of
 * one: the same submission, shown as the waiting view and then the job's card (single-reply.ts);
 * several takes share one card (batch-reply.ts).
 */
import { randomUUID } from 'node:crypto';
import type { BatchRef, JobOrigin, ReplyTarget } from '../../jobs/job.ts';
import type { SubmitInput } from '../../jobs/submission.ts';
import type { CreateGenerationRequest, Model } from '../../media/schemas.ts';
import { deferReply } from '../interactions/defer.ts';
import { replyLocales } from '../interactions/locale.ts';
import { displayNameOf } from '../interactions/permissions.ts';
import type { BotServices } from '../interactions/services.ts';
import type { GuildStartingInteraction } from '../interactions/starting-interaction.ts';
import { showBatch } from './batch-reply.ts';
import { askedAgeRestricted, rulesStillAllow } from './channel-rules.ts';
import { newSeed } from './result-actions/result-job.ts';
import { showSingle } from './single-reply.ts';

/** Discord's attachment limit when the interaction does not say. */
export const DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024;

/** A validated request whose takes are all reserved, ready to be sent. */
export interface ReservedRequest {
  request: CreateGenerationRequest;
  model: Model;
  /** One take's quote. */
  quotedMicros: number;
  /** One per take, in order: a single request has one. */
  reservationIds: readonly string[];
  /** When the quota reservation was made (clock ms): the takes must go out well before it expires. */
  reservedAt: number;
  /** When the interaction that sends them arrived (clock ms): its token lasts 15 minutes from then. */
  receivedAt: number;
  /** What Discord lets the reply carry; 0 when the interaction did not say. */
  attachmentSizeLimit: number;
  origin?: JobOrigin;
}

/**
 * Defers a public reply on `interaction`, submits every take and shows them (or why nothing was
 * made). The reservations are released when the reply cannot be deferred.
 */
export async function sendTakes(
  interaction: GuildStartingInteraction,
  services: BotServices,
  reserved: ReservedRequest,
): Promise<void> {
  const { request, model, quotedMicros, reservationIds } = reserved;
  try {
    // startGeneration defers a request that fit before reserving it.
    if (!interaction.deferred) await deferReply(interaction);
  } catch (err) {
    await Promise.all(
      reservationIds.map((id) => services.quota.release(id, 'could not answer the interaction')),
    );
    throw err;
  }
  const size = reservationIds.length;
  const batchId = size > 1 ? randomUUID() : undefined;
  // Shared by every take; a batch's card fills in the message id once it is shown.
  const reply: ReplyTarget = {
    applicationId: interaction.applicationId,
    interactionToken: interaction.token,
    interactionAt: reserved.receivedAt,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    messageId: null,
    userId: interaction.user.id,
    userName: displayNameOf(interaction.member, interaction.user),
    ...replyLocales(interaction),
  };
  const submission = (index: number): SubmitInput => {
    const batch: BatchRef | undefined = batchId ? { id: batchId, index, size } : undefined;
    return {
      request: takeRequest(request, index),
      model,
      quotedMicros,
      reservationId: reservationIds[index] as string,
      reservedAt: reserved.reservedAt,
      reply,
      ...(batch ? { batch } : {}),
      attachmentSizeLimit: reserved.attachmentSizeLimit || DEFAULT_ATTACHMENT_LIMIT,
      ...(reserved.origin ? { origin: reserved.origin } : {}),
      simulated: services.simulated,
      ageRestricted: askedAgeRestricted(interaction),
      recheck: () => rulesStillAllow(interaction, services, request),
    };
  };

  if (!batchId) {
    await showSingle(
      interaction,
      services,
      { reservationId: reservationIds[0] as string, quotedMicros },
      (onProgress) => services.submitter.submit(submission(0), onProgress),
    );
    return;
  }
  const head = {
    id: batchId,
    size,
    reply,
    prompt: request.prompt,
    request,
    model: model.slug,
    modelLabel: model.label,
    simulated: services.simulated,
  };
  await showBatch(interaction, services, head, model, (index) =>
    services.submitter.submit(submission(index)),
  );
}

/**
 * The request of take `index`: the same for every take, but a request that sets a seed (motion
 * models) gets a new one from the second take on, or the takes would be nearly the same video.
 * Without a seed the service picks one for each.
 */
export function takeRequest(request: CreateGenerationRequest, index: number): CreateGenerationRequest {
  if (index === 0 || request.seed === undefined) return request;
  return { ...request, seed: newSeed() };
}
