/**
 * /imagine and /video: read the options, check everything that can be checked locally (fields,
 * channel rules, quota) while the member can still get a private answer, then defer publicly,
 * submit, and show the queued job. The poller takes it from there. A request quoted above the
 * server's confirmation threshold is held instead (confirm-card.ts) and sent from its Confirm
 * button (confirm.ts) through the same `sendGeneration`.
 */
import { type ChatInputCommandInteraction, channelMention, type Message } from 'discord.js';
import { quoteMicros } from '../../catalog/pricing.ts';
import { needsAgeRestrictedChannel } from '../../catalog/service-rules.ts';
import { houseList, validateCreateRequest } from '../../catalog/validate.ts';
import type { JobOrigin } from '../../jobs/job.ts';
import type { SubmitOutcome } from '../../jobs/submission.ts';
import type { WaitProgress } from '../../jobs/submitter.ts';
import type { CreateGenerationRequest, MediaType, Model } from '../../media/schemas.ts';
import type { AdmissionTicket } from '../../quota/admitted-ahead.ts';
import type { QuotaService, ReserveInput, ReserveResult } from '../../quota/service.ts';
import { confirmThreshold, type GuildSettings } from '../../quota/settings.ts';
import { UserError } from '../interactions/command.ts';
import { deferReply } from '../interactions/defer.ts';
import { memberLocalizer, replyLocales } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import {
  type GuildStartingInteraction,
  inGuildChannel,
  type StartingInteraction,
} from '../interactions/starting-interaction.ts';
import { inTime, storeStep } from '../interactions/store-reads.ts';
import { describeRefusal } from '../views/quota-refusal.ts';
import { roleIdsOf } from '../views/quota-view.ts';
import { renderFieldErrors, renderJob } from '../views/render.ts';
import { renderCancelled, renderWaiting } from '../views/waiting-view.ts';
import { askToConfirm } from './confirm-card.ts';
import { type RequestDefaults, requestDefaultsOf, withDefaultsNote } from './member-defaults.ts';
import { refuseAfterDefer } from './refuse-after-defer.ts';
import { sendBatch } from './takes.ts';
import { ThrottledEdits } from './throttled-edits.ts';

/** Discord's attachment limit when the interaction does not say. */
export const DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024;

/** Handles /imagine (type image), /video and /video-pro (type video), given the request their options make. */
export async function handleGenerate(
  interaction: ChatInputCommandInteraction,
  services: BotServices,
  type: MediaType,
  request: CreateGenerationRequest,
  member?: RequestDefaults,
  count = 1,
): Promise<void> {
  if (!interaction.inGuild()) throw new UserError(memberLocalizer(interaction).t('generate:serversOnly'));
  await withDefaultsNote(interaction, services.logger, member?.note, () =>
    startGeneration(interaction, services, type, request, { ...(member ? { member } : {}), count }),
  );
}

export interface StartOptions {
  /** Where it started, when not from a slash command; the new reply names it. */
  origin?: JobOrigin;
  /** Ask for confirmation whatever the server's threshold (Higher resolution shows its price first). */
  alwaysConfirm?: boolean;
  /** The member's own defaults, when the command read them already (else read with the settings). */
  member?: RequestDefaults;
  /** Takes of the same request, shown in one reply (takes.ts); 1 when absent. */
  count?: number;
}

/**
 * The one path from a request to the service, for the slash commands and every button, modal and
 * menu that starts a generation: validation, channel rules, quote, the member's own quota, the
 * confirmation above the threshold, then the fair queue and delivery. The member pressing or
 * typing is the one who pays.
 */
export async function startGeneration(
  interaction: StartingInteraction,
  services: BotServices,
  type: MediaType,
  request: CreateGenerationRequest,
  options: StartOptions = {},
): Promise<void> {
  const { catalog, quota, clock } = services;
  const receivedAt = clock.now();
  const l = memberLocalizer(interaction);
  if (!inGuildChannel(interaction)) throw new UserError(l.t('generate:channelsOnly'));
  const guildId = interaction.guildId;
  if (!catalog.ready) throw new UserError(l.t('generate:catalogNotReady'));

  const model = catalog.get(request.model);
  if (model && model.type !== type) {
    throw new UserError(
      l.t(model.type === 'image' ? 'generate:makesImages' : 'generate:makesVideos', { model: model.label }),
    );
  }
  const errors = validateCreateRequest(
    model,
    request as unknown as Record<string, unknown>,
    { trustedOrigins: [services.serviceOrigin] },
    l,
  );
  if (Object.keys(errors).length > 0) {
    throw new UserError(l.t('generate:cantSend', { errors: renderFieldErrors(errors) }));
  }
  if (!model) throw new UserError(l.t('generate:unknownModel', { model: request.model }));
  // One read of the settings before the defer serves the channel rules and the threshold (and the
  // member's own wish to confirm everything, read beside it); read before reserving, so a store
  // that cannot say leaves nothing held.
  const [settings, member] = await storeStep(interaction, services.logger, 'settings', () =>
    Promise.all([
      services.quotaAdmin.getSettings(guildId),
      options.member ?? services.memberDefaults.get(guildId, interaction.user.id).then(requestDefaultsOf),
    ]),
  );
  checkChannelRules(interaction, settings, request);

  const quotedMicros = quoteMicros(model, request);
  const count = options.count ?? 1;
  // A batch is confirmed, reserved and refused by its total: four takes of $0.20 are a $0.80 request.
  const totalMicros = quotedMicros * count;
  const threshold = confirmThreshold(settings);
  // The server's threshold applies to everyone (to a batch's total); a member may only ask to
  // confirm more.
  const confirming =
    options.alwaysConfirm === true ||
    (member.alwaysConfirm && totalMicros > 0) ||
    (threshold > 0 && totalMicros > threshold);
  const reserveInput: ReserveInput = {
    guildId,
    userId: interaction.user.id,
    roleIds: roleIdsOf(interaction.member),
    model: model.slug,
    quoteMicros: quotedMicros,
    ...(count > 1 ? { count } : {}),
  };
  // A request that fits as the figures stand is acknowledged first, and reserved after: the
  // reservation waits its turn behind the server's other money operations (a burst queues on the
  // guild's lock: benchmark ack p99 66 ms → 7 ms) once Discord's 3 s are safe. One that does not fit,
  // or whose figures cannot be read, is reserved first, so that its refusal is the first and private
  // answer; so is a costly one, whose confirmation card is private.
  // A fit check that errs or stalls says no: the reservation then answers, within what is left.
  // One that fits counts as admitted until its reservation is made or refused, so that a burst
  // from one member is acknowledged no further than the figures allow (admitted-ahead.ts).
  const admitted = confirming ? undefined : await admitInTime(interaction, quota, reserveInput);
  const early = admitted !== undefined;
  let reservation: Extract<ReserveResult, { ok: true }>;
  try {
    if (early) await deferReply(interaction);
    const result = await reserveInTime(interaction, quota, reserveInput, services.logger, admitted);
    if (!result.ok) throw new UserError(describeRefusal(result, quotedMicros, count, l));
    reservation = result;
  } catch (err) {
    // Refused after all (reservations made meanwhile, or the store): still only the member sees why.
    if (early && interaction.deferred && err instanceof UserError)
      return refuseAfterDefer(interaction, err.message);
    throw err;
  } finally {
    admitted?.done();
  }

  if (confirming) {
    await askToConfirm(
      interaction,
      services,
      { type, request, model, quotedMicros, ...(options.origin ? { origin: options.origin } : {}) },
      reservation.reservationIds,
    );
    return;
  }
  if (count > 1) {
    await sendBatch(interaction, services, {
      request,
      model,
      quotedMicros,
      reservationIds: reservation.reservationIds,
      reservedAt: receivedAt,
      receivedAt,
      attachmentSizeLimit: interaction.attachmentSizeLimit || DEFAULT_ATTACHMENT_LIMIT,
      ...(options.origin ? { origin: options.origin } : {}),
      recheck: () => rulesStillAllow(interaction, services, request),
    });
    return;
  }
  await sendGeneration(interaction, services, {
    request,
    model,
    quotedMicros,
    reservationId: reservation.reservationId,
    reservedAt: receivedAt,
    receivedAt,
    attachmentSizeLimit: interaction.attachmentSizeLimit,
    ...(options.origin ? { origin: options.origin } : {}),
  });
}

/** A validated, reserved request, ready to be sent. */
export interface ReservedRequest {
  request: CreateGenerationRequest;
  model: Model;
  quotedMicros: number;
  reservationId: string;
  /** When the quota reservation was made (clock ms): the request must go out well before it expires. */
  reservedAt: number;
  /** When the interaction that sends it arrived (clock ms): its token lasts 15 minutes from then. */
  receivedAt: number;
  attachmentSizeLimit: number;
  origin?: JobOrigin;
}

/**
 * Defers a public reply on `interaction`, submits the reserved request and shows the queued job
 * (or why nothing was made). The slash command and the Confirm button both end here. The
 * reservation is released when the reply cannot be deferred.
 */
export async function sendGeneration(
  interaction: GuildStartingInteraction,
  services: BotServices,
  reserved: ReservedRequest,
): Promise<void> {
  const { quota, submitter, jobs, clock } = services;
  const { request, model, quotedMicros, reservationId, receivedAt } = reserved;
  const l = memberLocalizer(interaction);
  try {
    // startGeneration defers a request that fit before reserving it.
    if (!interaction.deferred) await deferReply(interaction);
  } catch (err) {
    await quota.release(reservationId, 'could not answer the interaction');
    throw err;
  }

  // The waiting view's edits, in order and spaced; closed before any other edit of the reply.
  const waiting = new ThrottledEdits((progress: WaitProgress) =>
    interaction.editReply(renderWaiting(progress, reservationId, l)),
  );
  let outcome: SubmitOutcome;
  try {
    outcome = await submitter.submit(
      {
        request,
        model,
        quotedMicros,
        reservationId,
        reservedAt: reserved.reservedAt,
        reply: {
          applicationId: interaction.applicationId,
          interactionToken: interaction.token,
          interactionAt: receivedAt,
          guildId: interaction.guildId,
          channelId: interaction.channelId,
          messageId: null,
          userId: interaction.user.id,
          ...replyLocales(interaction),
        },
        attachmentSizeLimit: reserved.attachmentSizeLimit || DEFAULT_ATTACHMENT_LIMIT,
        ...(reserved.origin ? { origin: reserved.origin } : {}),
        simulated: services.simulated,
        recheck: () => rulesStillAllow(interaction, services, request),
      },
      (progress) => waiting.push(progress),
    );
  } finally {
    await waiting.close();
  }
  // Every answer below replaces the waiting view, its Cancel button included.
  const answer = (content: string) =>
    interaction.editReply({ content, components: [], allowedMentions: { parse: [] } });

  switch (outcome.kind) {
    case 'submitted': {
      const { job } = outcome;
      try {
        let message: Message;
        try {
          message = await interaction.editReply({ content: '', ...renderJob(job, { kind: 'progress' }) });
        } catch (err) {
          // With several processes the poller's leader follows every stored job, and a fast one can
          // be delivered before this edit: its result card (Components V2) refuses the queued embed,
          // which is what keeps the result from being overwritten. Nothing went wrong then.
          const now = await jobs.get(job.generationId).catch(() => undefined);
          if (now && now.step !== 'following') {
            services.logger.info(
              { generationId: job.generationId, step: now.step },
              'the result came before the queued card; the card is left as it is',
            );
            return;
          }
          throw err;
        }
        await jobs.update(job.generationId, (j) => ({
          reply: { ...j.reply, messageId: message.id },
          editedAt: clock.now(),
          shownStatus: j.status,
        }));
      } finally {
        // Followed only once the queued embed is up, so a fast result cannot be overwritten by it.
        services.follow(job);
      }
      return;
    }
    case 'insufficient_balance':
      // The shared balance is the server's business, not the channel's: the public reply goes
      // and only the member is told (the admins hear of it in the alerts channel: ops/alerts.ts).
      await refuseAfterDefer(interaction, l.t('generate:outcome.insufficientBalance'));
      return;
    case 'rejected':
      await answer(
        l.t('generate:outcome.rejected', { errors: renderFieldErrors(outcome.fieldErrors, 'service') }),
      );
      return;
    case 'unconfirmed':
      await answer(l.t('generate:outcome.unconfirmed'));
      return;
    case 'failed':
      await answer(l.t('generate:outcome.failed'));
      return;
    case 'gave_up':
      await answer(l.t('generate:outcome.gaveUp', { count: Math.round(outcome.waitedMs / 60_000) }));
      return;
    case 'not_recorded':
      await answer(l.t('actions:errors.storeFault'));
      return;
    case 'refused':
      await answer(l.t('generate:outcome.refused', { reason: outcome.reason }));
      return;
    case 'cancelled':
      // The Cancel press said so already; said again here, after the last waiting edit.
      await interaction.editReply(renderCancelled(quotedMicros, outcome.released, l));
      return;
  }
}

/**
 * The channel's rules as they are now, for a request that waited for its turn: why it may no longer
 * be posted here, or undefined. A store that cannot say refuses it (money fails closed).
 */
export async function rulesStillAllow(
  interaction: GuildStartingInteraction,
  services: BotServices,
  request: CreateGenerationRequest,
): Promise<string | undefined> {
  try {
    checkChannelRules(interaction, await services.quotaAdmin.getSettings(interaction.guildId), request);
    return undefined;
  } catch (err) {
    if (err instanceof UserError) return err.message;
    services.logger.error(
      { err, guildId: interaction.guildId },
      'cannot read the channel rules for a waiting request',
    );
    return memberLocalizer(interaction).t('generate:rulesUnreadable');
  }
}

/**
 * The lock-free fit check within the interaction's deadline: the admission's `done` when the request
 * fits, else undefined (it does not fit, the store erred, or it did not answer in time; an admission
 * that comes too late is given back at once).
 */
async function admitInTime(
  interaction: GuildStartingInteraction,
  quota: QuotaService,
  input: ReserveInput,
): Promise<AdmissionTicket | undefined> {
  const admitting = quota.admitAhead(input);
  try {
    const admission = await inTime(interaction, admitting, 'the fit check');
    return admission.fits ? admission.ticket : undefined;
  } catch {
    void admitting.then((a) => (a.fits ? a.ticket.done() : undefined)).catch(() => undefined);
    return undefined;
  }
}

/**
 * Reserves the quote, failing closed: a store error, or a store too slow to answer within the
 * interaction's deadline (store-reads.ts), refuses the request (nothing is sent). A reservation
 * that is recorded after all, too late to be used, is released at once.
 */
async function reserveInTime(
  interaction: GuildStartingInteraction,
  quota: QuotaService,
  input: ReserveInput,
  logger: BotServices['logger'],
  admitted: AdmissionTicket | undefined,
): Promise<ReserveResult> {
  let reserving: Promise<ReserveResult> | undefined;
  try {
    return await storeStep(interaction, logger, 'the reservation', () => {
      reserving = quota.reserve(input, admitted);
      return reserving;
    });
  } catch (err) {
    // A reservation recorded after all, too late to be used, is given back (one that failed is not there).
    void reserving
      ?.then(
        async (r) => {
          if (r.ok) await quota.release(r.reservationId, 'recorded too late to be used');
        },
        () => undefined,
      )
      .catch((lateErr: unknown) =>
        logger.error(
          { err: lateErr, guildId: input.guildId },
          'cannot release a hold recorded too late; it expires',
        ),
      );
    throw err;
  }
}

/** The server's channel rules for a request: its allowed channels, and spicy only where age-restricted. */
export function checkChannelRules(
  interaction: GuildStartingInteraction,
  settings: GuildSettings,
  request: CreateGenerationRequest,
): void {
  const allowed = settings.allowedChannels;
  const l = memberLocalizer(interaction);
  if (allowed.length > 0 && !allowed.includes(interaction.channelId)) {
    throw new UserError(
      l.t('generate:onlyInChannels', {
        channels: houseList(l, allowed.map(channelMention), 'disjunction'),
      }),
    );
  }
  if (needsAgeRestrictedChannel(request.model, request.mode) && !isAgeRestricted(interaction)) {
    throw new UserError(l.t('generate:spicyOnlyAgeRestricted'));
  }
}

/** Whether the channel is age-restricted (NSFW), from the interaction's channel data. */
export function isAgeRestricted(interaction: { channel: unknown }): boolean {
  const channel = interaction.channel as { nsfw?: boolean } | null;
  return channel?.nsfw === true;
}
