/**
 * /imagine and /video: read the options, check everything that can be checked locally (fields,
 * channel rules, quota) while the member can still get a private answer, then defer publicly,
 * submit, and show the queued job. The poller takes it from there. A request quoted above the
 * server's confirmation threshold is held instead (confirm-card.ts) and sent from its Confirm
 * button (confirm.ts) through the same `sendTakes`.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { quoteMicros } from '../../catalog/pricing.ts';
import { validateCreateRequest } from '../../catalog/validate.ts';
import type { JobOrigin } from '../../jobs/job.ts';
import type { CreateGenerationRequest, MediaType } from '../../media/schemas.ts';
import type { ReserveInput, ReserveResult } from '../../quota/service.ts';
import { confirmThreshold } from '../../quota/settings.ts';
import { UserError } from '../interactions/command.ts';
import { deferReply } from '../interactions/defer.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import { roleIdsOf } from '../interactions/permissions.ts';
import type { BotServices } from '../interactions/services.ts';
import { inGuildChannel, type StartingInteraction } from '../interactions/starting-interaction.ts';
import { storeStep } from '../interactions/store-reads.ts';
import { describeRefusal } from '../views/quota-refusal.ts';
import { renderFieldErrors } from '../views/render.ts';
import { topupButtons } from '../views/topup-buttons.ts';
import { admitInTime, reserveInTime } from './admission.ts';
import { checkChannelRules } from './channel-rules.ts';
import { askToConfirm } from './confirm-card.ts';
import { type RequestDefaults, requestDefaultsOf, withDefaultsNote } from './member-defaults.ts';
import { refuseAfterDefer } from './refuse-after-defer.ts';
import { sendTakes } from './send-takes.ts';

/**
 * Handles /imagine (type image), /video and /video-pro (type video), given the request their
 * options make: `count`, the takes asked for, else the member's own default (`member.count`), else 1.
 */
export async function handleGenerate(
  interaction: ChatInputCommandInteraction,
  services: BotServices,
  type: MediaType,
  request: CreateGenerationRequest,
  asked: { member?: RequestDefaults; count?: number | undefined } = {},
): Promise<void> {
  if (!interaction.inGuild()) throw new UserError(memberLocalizer(interaction).t('generate:serversOnly'));
  const { member } = asked;
  const count = asked.count ?? member?.count;
  await withDefaultsNote(interaction, services.logger, member?.note, () =>
    startGeneration(interaction, services, type, request, {
      ...(member ? { member } : {}),
      ...(count === undefined ? {} : { count }),
    }),
  );
}

export interface StartOptions {
  /** Where it started, when not from a slash command; the new reply names it. */
  origin?: JobOrigin;
  /** Ask for confirmation whatever the server's threshold (Higher resolution shows its price first). */
  alwaysConfirm?: boolean;
  /** The member's own defaults, when the command read them already (else read with the settings). */
  member?: RequestDefaults;
  /**
   * Takes of the same request, shown in one reply (batch-reply.ts); 1 when absent. Its range is the
   * quota's (quota/takes.ts), which refuses a count outside it before anything is reserved.
   */
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
  checkChannelRules(interaction, settings, request, services);

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
    if (!result.ok) {
      // Refused for the member's allowance where the server sells top-ups: their buttons beside it.
      const buttons = result.reason === 'allowance' ? topupButtons(settings) : [];
      if (buttons.length > 0) void services.topups?.recordOffer(interaction.user.id, guildId);
      throw new UserError(describeRefusal(result, quotedMicros, count, l), buttons);
    }
    reservation = result;
  } catch (err) {
    // Refused after all (reservations made meanwhile, or the store): still only the member sees why.
    if (early && interaction.deferred && err instanceof UserError)
      return refuseAfterDefer(interaction, err.message, err.components);
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
  await sendTakes(interaction, services, {
    request,
    model,
    quotedMicros,
    reservationIds: reservation.reservationIds,
    reservedAt: receivedAt,
    receivedAt,
    attachmentSizeLimit: interaction.attachmentSizeLimit,
    ...(options.origin ? { origin: options.origin } : {}),
  });
}
