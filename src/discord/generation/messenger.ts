/**
 * Puts jobs in front of members, whatever happened to the interaction token:
 * 1. the interaction token (no channel permission needed) while it is valid;
 * 2. past its 15 minutes, or when Discord says it is invalid: the bot token, editing the reply;
 * 3. when that is impossible too: a new message in the channel that replies to the original and
 *    mentions the requester. A result is never lost because a token expired.
 * A result is the same card (result-card.ts) on every route. Once a finished result is in the
 * message Discord answered with, it is recorded in the results index (shown-results.ts), when the
 * bot keeps one.
 */
import {
  type Client,
  DiscordAPIError,
  InteractionWebhook,
  type Message,
  type MessageCreateOptions,
  RESTJSONErrorCodes,
  type SendableChannels,
  ThreadAutoArchiveDuration,
} from 'discord.js';
import type { Clock } from '../../clock.ts';
import type { BatchCardMessenger } from '../../jobs/batch-cards.ts';
import type { BatchReply, BatchTake } from '../../jobs/batches.ts';
import {
  type DeliveryRoute,
  type JobContent,
  type JobMessenger,
  MessageRefused,
} from '../../jobs/delivery-ports.ts';
import type { Job, ReplyTarget } from '../../jobs/job.ts';
import type { Logger } from '../../log.ts';
import { loopTurn } from '../../loop-turns.ts';
import type { Model } from '../../media/schemas.ts';
import type { ResultsRecorder } from '../../results/recorder.ts';
import { renderBatchCard, takeFileName } from '../views/batch-card.ts';
import type { RenderedMessage } from '../views/message-parts.ts';
import { renderFailureReport, renderJob, renderThreadName } from '../views/render.ts';
import { ShownResults, type ShownTake } from './shown-results.ts';

/** Finds a model of the catalog by slug (ModelCatalog). */
export interface ModelLookup {
  get(slug: string): Model | undefined;
}

/** Discord's interaction token lifetime. */
export const INTERACTION_TOKEN_LIFETIME_MS = 15 * 60_000;
/** Stop using the token a little early: an edit that starts valid must not land after expiry. */
const TOKEN_SAFETY_MARGIN_MS = 30_000;

/** How many of the latest messages are searched for a report posted before a crash. */
const REPORT_LOOKBACK = 50;

const TOKEN_GONE_CODES = new Set<number>([
  RESTJSONErrorCodes.InvalidWebhookToken,
  RESTJSONErrorCodes.UnknownWebhook,
  RESTJSONErrorCodes.UnknownMessage,
  RESTJSONErrorCodes.UnknownInteraction,
]);

export class DiscordMessenger implements JobMessenger, BatchCardMessenger {
  private readonly client: Client<true>;
  private readonly clock: Clock;
  private readonly logger: Logger;
  /** The catalog, for the buttons a result offers (a model that left it still gets the basic ones). */
  private readonly catalog: ModelLookup;
  /** Records the results shown in the results index; absent when the bot keeps none. */
  private readonly shown: ShownResults | undefined;

  constructor(
    client: Client<true>,
    clock: Clock,
    logger: Logger,
    catalog: ModelLookup,
    results?: ResultsRecorder,
  ) {
    this.client = client;
    this.clock = clock;
    this.logger = logger;
    this.catalog = catalog;
    this.shown = results ? new ShownResults(client, { clock, logger, recorder: results }) : undefined;
  }

  async show(job: Job, content: JobContent): Promise<DeliveryRoute> {
    // Rendering and sending an edit is the heaviest step of a delivery: one per turn of the loop.
    await loopTurn();
    const model = this.catalog.get(job.model);
    const message = rendered(() => renderJob(job, content, model, { now: this.clock.now() }));
    const { reply } = job;
    const edited = await this.editByInteraction(reply, message, { generationId: job.generationId });
    if (edited) {
      this.recordShown(shownTakes(job, content), edited);
      return 'interaction';
    }
    const channel = await this.sendableChannel(reply, { generationId: job.generationId });
    if (reply.messageId && channel && 'messages' in channel) {
      try {
        this.recordShown(shownTakes(job, content), await channel.messages.edit(reply.messageId, message));
        return 'bot';
      } catch (err) {
        // A new message would carry the same file and meet the same refusal.
        const refusal = refusalOf(err);
        if (refusal?.reason === 'too_large') throw refusal;
        this.logger.info(
          { err, generationId: job.generationId },
          'cannot edit the reply with the bot token; posting a new message',
        );
      }
    }
    // Only a finished job is worth a new message; a progress update can wait for the final one.
    if (content.kind === 'progress') return 'none';
    if (!channel)
      throw new Error(`channel ${reply.channelId} cannot be reached to deliver ${job.generationId}`);
    // The requester is told by a mention (the only ping): in the content of an embed message, in a
    // Text Display of the result card (a V2 message has no content).
    const announced =
      content.kind === 'result' || content.kind === 'batch'
        ? withoutClassicFields(
            rendered(() => renderJob(job, content, model, { mentionRequester: true, now: this.clock.now() })),
          )
        : { ...message, content: `<@${reply.userId}>` };
    const sent = await sendOrRefuse(channel, {
      ...announced,
      allowedMentions: { users: [reply.userId] },
      reply: reply.messageId ? { messageReference: reply.messageId, failIfNotExists: false } : undefined,
      // The same nonce makes Discord drop a second copy if a restart repeats this step.
      nonce: nonceFor(job, content.kind),
      enforceNonce: true,
    });
    this.recordShown(shownTakes(job, content), sent);
    return 'channel';
  }

  /**
   * Redraws a batch's reply after one of its takes changed outside its delivery (BatchCards): an
   * edit only, by the interaction token while it is valid, then by the bot token. No new message:
   * a redraw brings no result, and a reply that is gone (deleted, or never shown) has nobody left
   * to tell ('none').
   */
  async showBatch(batch: BatchReply, takes: BatchTake[]): Promise<DeliveryRoute> {
    await loopTurn();
    const model = this.catalog.get(batch.model);
    const message = rendered(() => renderBatchCard(batch, takes, model));
    const { reply } = batch;
    const about = { batchId: batch.id };
    const edited = await this.editByInteraction(reply, message, about);
    if (edited) {
      this.recordShown(batchTakes(takes), edited);
      return 'interaction';
    }
    const channel = reply.messageId ? await this.sendableChannel(reply, about) : undefined;
    if (!reply.messageId || !channel || !('messages' in channel)) {
      this.logger.info(about, "a batch's reply cannot be reached to redraw it");
      return 'none';
    }
    try {
      this.recordShown(batchTakes(takes), await channel.messages.edit(reply.messageId, message));
      return 'bot';
    } catch (err) {
      const refusal = refusalOf(err);
      // Too large: the caller shows links instead. Another refusal (the reply deleted, no access):
      // the same edit would be refused again.
      if (!refusal || refusal.reason === 'too_large') throw refusal ?? err;
      this.logger.info({ err, ...about }, "cannot edit a batch's reply with the bot token");
      return 'none';
    }
  }

  /**
   * Idempotent across a crash between posting and recording it: a message has at most one thread,
   * so a thread that exists already is the one an earlier attempt opened, and the report is posted
   * only when the bot's report of this generation is not in it yet.
   */
  async reportFailure(job: Job, refundedMicros: number): Promise<'thread' | 'channel'> {
    const text = rendered(() => renderFailureReport(job, refundedMicros));
    const channel = await this.sendableChannel(job.reply, { generationId: job.generationId });
    if (!channel)
      throw new Error(`channel ${job.reply.channelId} cannot be reached to report ${job.generationId}`);
    const report: MessageCreateOptions = {
      content: text,
      allowedMentions: { users: [job.reply.userId] },
      // Discord answers a repeated send (a retry after a lost answer) with the first message.
      nonce: nonceFor(job, 'report'),
      enforceNonce: true,
    };
    if (job.reply.messageId && 'threads' in channel) {
      const thread = await this.reportThread(channel, job.reply.messageId, job);
      if (thread) {
        try {
          if (thread.reused && (await this.reportIn(thread.channel, job))) return 'thread';
          await sendOrRefuse(thread.channel, report);
          return 'thread';
        } catch (err) {
          if (!(err instanceof MessageRefused)) throw err;
          this.logger.info({ err, generationId: job.generationId }, 'cannot post in the thread');
        }
      }
    }
    if (await this.reportIn(channel, job)) return 'channel';
    await sendOrRefuse(channel, {
      ...report,
      reply: job.reply.messageId
        ? { messageReference: job.reply.messageId, failIfNotExists: false }
        : undefined,
    });
    return 'channel';
  }

  /**
   * The thread on the reply: opened now, or reused when an earlier attempt opened it (a thread
   * started from a message has the message's id). Undefined when no thread can be had here.
   */
  private async reportThread(
    channel: Extract<SendableChannels, { threads: unknown }>,
    messageId: string,
    job: Job,
  ): Promise<{ channel: SendableChannels; reused: boolean } | undefined> {
    try {
      const created = await channel.threads.create({
        startMessage: messageId,
        name: renderThreadName(job),
        autoArchiveDuration: ThreadAutoArchiveDuration.OneDay,
      });
      return { channel: created, reused: false };
    } catch (err) {
      if (isCode(err, RESTJSONErrorCodes.ThreadAlreadyCreatedForMessage)) {
        const existing = await this.client.channels.fetch(messageId).catch((fetchErr: unknown) => {
          // Posting in the channel instead would ping the member twice: unless Discord says the
          // thread cannot be had, try again later.
          if (!refusalOf(fetchErr)) throw fetchErr;
          return null;
        });
        if (existing?.isThread() && existing.isSendable()) return { channel: existing, reused: true };
      }
      this.logger.info(
        { err, generationId: job.generationId },
        'cannot open a thread; reporting in the channel',
      );
      return undefined;
    }
  }

  /** Whether the bot's report of this generation is among the latest messages there. */
  private async reportIn(where: SendableChannels, job: Job): Promise<boolean> {
    try {
      const recent = await where.messages.fetch({ limit: REPORT_LOOKBACK });
      return recent.some((m) => m.author.id === this.client.user.id && m.content.includes(job.generationId));
    } catch (err) {
      // Without Read Message History the nonce is what stands between a retry and a second copy.
      this.logger.info({ err, generationId: job.generationId }, 'cannot read the recent messages');
      return false;
    }
  }

  /**
   * Edits the reply through the interaction's token while it is valid: the message as edited when
   * it did, undefined when the token is too old or Discord says it is gone (the bot token is next).
   * A refusal throws.
   */
  private async editByInteraction(
    reply: ReplyTarget,
    message: Parameters<InteractionWebhook['editMessage']>[1],
    about: Record<string, string>,
  ): Promise<Message | undefined> {
    if (!this.tokenValid(reply)) return undefined;
    try {
      const webhook = new InteractionWebhook(this.client, reply.applicationId, reply.interactionToken);
      return await webhook.editMessage('@original', message);
    } catch (err) {
      if (!isTokenGone(err)) throw refusalOf(err) ?? err;
      this.logger.info(about, 'interaction token no longer valid; using the bot token');
      return undefined;
    }
  }

  /** The finished takes now in `message`, to the results index (never failing or waiting). */
  private recordShown(takes: ShownTake[], message: Message): void {
    if (takes.length > 0) this.shown?.record(takes, message);
  }

  private tokenValid(reply: ReplyTarget): boolean {
    return this.clock.now() < reply.interactionAt + INTERACTION_TOKEN_LIFETIME_MS - TOKEN_SAFETY_MARGIN_MS;
  }

  /** `about`: what the log line names (the job's generation, or the batch). */
  private async sendableChannel(
    reply: ReplyTarget,
    about: Record<string, string>,
  ): Promise<SendableChannels | undefined> {
    try {
      const channel = await this.client.channels.fetch(reply.channelId);
      return channel?.isSendable() ? channel : undefined;
    } catch (err) {
      this.logger.info({ err, ...about }, 'cannot fetch the channel');
      return undefined;
    }
  }
}

/** The finished takes `content` shows: the job's result, or a batch's done takes. */
function shownTakes(job: Job, content: JobContent): ShownTake[] {
  if (content.kind === 'result') return [{ job, content, attachmentName: content.file?.name }];
  if (content.kind === 'batch') return batchTakes(content.takes);
  return [];
}

/** A batch's done takes, each with the name its file is attached under in the batch's card. */
function batchTakes(takes: readonly BatchTake[]): ShownTake[] {
  return takes.flatMap((take) =>
    take.state === 'done'
      ? [
          {
            job: take.job,
            content: take.content,
            attachmentName: take.content?.file ? takeFileName(take.index, take.content.file.name) : undefined,
          },
        ]
      : [],
  );
}

/** A new V2 message leaves out `content` and `embeds` (only an edit needs them cleared). */
function withoutClassicFields(message: RenderedMessage): Omit<RenderedMessage, 'content' | 'embeds'> {
  const { content: _content, embeds: _embeds, ...rest } = message;
  return rest;
}

/** The rendered message; a job that cannot be rendered now never can, so retrying is pointless. */
function rendered<T>(render: () => T): T {
  try {
    return render();
  } catch (err) {
    throw new MessageRefused('refused', 'the job cannot be rendered as a Discord message', { cause: err });
  }
}

/** Sends, turning a refusal for good into MessageRefused. */
async function sendOrRefuse(channel: SendableChannels, options: MessageCreateOptions): Promise<Message> {
  try {
    return await channel.send(options);
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
}

/**
 * Discord's answers that a retry cannot change, as MessageRefused: a too-large upload (413, or
 * 400 code 40005), and any other 4xx but a rate limit (which @discordjs/rest waits out itself).
 */
function refusalOf(err: unknown): MessageRefused | undefined {
  if (!(err instanceof DiscordAPIError)) return undefined;
  if (err.status === 413 || err.code === RESTJSONErrorCodes.RequestEntityTooLarge) {
    return new MessageRefused('too_large', 'Discord refused the upload as too large', { cause: err });
  }
  if (err.status >= 400 && err.status < 500 && err.status !== 429) {
    return new MessageRefused('refused', `Discord refused the message (${err.status} ${err.code})`, {
      cause: err,
    });
  }
  return undefined;
}

function isCode(err: unknown, code: number): boolean {
  return err instanceof DiscordAPIError && err.code === code;
}

function isTokenGone(err: unknown): boolean {
  if (!(err instanceof DiscordAPIError)) return false;
  return (
    err.status === 401 ||
    err.status === 404 ||
    (typeof err.code === 'number' && TOKEN_GONE_CODES.has(err.code))
  );
}

/** Discord nonces are at most 25 characters. */
function nonceFor(job: Job, what: string): string {
  return `${what.slice(0, 3)}${job.generationId.replace(/-/g, '')}`.slice(0, 25);
}
