/**
 * Batch cards: a batch's one reply drawn again whenever one of its takes changed outside its own
 * delivery (the recovery sweep or a start released or adopted it, in whichever process resolved
 * it), and once every take of a new batch knows its fate. Delivery draws the card itself as each
 * take finishes (jobs/delivery.ts); this draws it with no take's job needed, from the reply kept
 * when the batch was sent (jobs/batches.ts), so a batch none of whose takes became a generation is
 * drawn too.
 *
 * A redraw is only an edit of the reply (interaction token while valid, then the bot token): it
 * brings no result of its own, so it never posts a new message. One that fails is tried again
 * with a growing wait; the batch stays marked as owing its redraw meanwhile, so that a process
 * that dies before drawing leaves it to the next start (resume).
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import type { BatchKey, BatchReply, BatchStore, BatchTake } from './batches.ts';
import { type DeliveryRoute, MessageRefused } from './delivery-ports.ts';
import type { Job } from './job.ts';
import type { LinkReason, ResultContent } from './result-content.ts';

/** The Discord side (src/discord/generation/messenger.ts). */
export interface BatchCardMessenger {
  /**
   * Edits the batch's reply to show `takes`: 'none' when it cannot be reached (no token left and
   * no message id). Throws MessageRefused when Discord refuses the card for good.
   */
  showBatch(batch: BatchReply, takes: BatchTake[]): Promise<DeliveryRoute>;
}

export interface BatchCardsOptions {
  batches: BatchStore;
  messenger: BatchCardMessenger;
  /** A finished take's file, fetched anew (an edit keeps only the files it uploads). */
  resultContent: (job: Job) => Promise<ResultContent>;
  clock: Clock;
  logger: Logger;
  /** The first retry's wait (clock ms); each next one waits twice as long, up to 10 minutes. */
  retryBaseMs?: number;
  /** Failed redraws in a row before the card is left as it is (logged at error). */
  maxAttempts?: number;
}

/** As many as a delivery gets (delivery.ts): about 50 minutes of a Discord that cannot be reached. */
const MAX_ATTEMPTS = 12;
const MAX_RETRY_WAIT_MS = 10 * 60_000;

export class BatchCards {
  /** Redraws waiting for their turn, by batch: a change meanwhile is shown by the one waiting. */
  private readonly queued = new Map<string, Promise<boolean>>();
  /** Failed redraws in a row, by batch. */
  private readonly failures = new Map<string, number>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly closed = new AbortController();
  private readonly o: BatchCardsOptions;

  constructor(o: BatchCardsOptions) {
    this.o = o;
  }

  /** Keeps a new batch's reply once it is shown, so that it can be drawn whatever its takes become. */
  begin(reply: BatchReply): Promise<void> {
    return this.o.batches.begin(reply);
  }

  /** A batch none of whose takes was sent: its reply said so (or was taken back); nothing redraws it. */
  forget(batchId: string): Promise<void> {
    return this.o.batches.forget(batchId);
  }

  /**
   * Draws the batch's card again from every take as it is now; resolves with whether it was drawn.
   * A failure is retried in the background.
   */
  redraw(batch: BatchKey): Promise<boolean> {
    if (this.closed.signal.aborted) return Promise.resolve(false);
    const queued = this.queued.get(batch.id);
    if (queued) return queued;
    const turn: { drawing?: Promise<boolean> } = {};
    const started = () => {
      if (this.queued.get(batch.id) === turn.drawing) this.queued.delete(batch.id);
    };
    const drawing = this.drawOnce(batch, started);
    turn.drawing = drawing;
    this.queued.set(batch.id, drawing);
    this.running.add(drawing);
    void drawing.finally(() => {
      started();
      this.running.delete(drawing);
    });
    return drawing;
  }

  /**
   * Draws every batch left owing a redraw (a change whose drawing failed, or which the process
   * that made it died before drawing): at a start, all of them; from the sweep, those changed
   * before `changedBefore` (a change just made is being drawn by whoever made it). Returns how many.
   */
  async redrawOwed(changedBefore = Number.POSITIVE_INFINITY): Promise<number> {
    const owed = (await this.o.batches.owingRedraw()).filter((b) => b.changedAt < changedBefore);
    for (const { id, size } of owed) void this.redraw({ id, size });
    return owed.length;
  }

  /** Stops retrying, then waits for the redraws under way. */
  async close(): Promise<void> {
    this.closed.abort();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async drawOnce(batch: BatchKey, started: () => void): Promise<boolean> {
    try {
      await this.o.batches.draw(batch, (takes) => {
        started();
        return this.show(batch, takes);
      });
      this.failures.delete(batch.id);
      return true;
    } catch (err) {
      await this.failed(batch, err);
      return false;
    }
  }

  private async show(batch: BatchKey, takes: BatchTake[]): Promise<DeliveryRoute> {
    const { batches, messenger, logger } = this.o;
    const reply = (await batches.reply(batch.id)) ?? replyOfTakes(batch, takes);
    if (!reply) {
      // Sent before replies were kept, and no take became a generation: nothing to draw it from.
      logger.warn({ batchId: batch.id }, "a batch's card cannot be drawn again: its reply is not known");
      return 'none';
    }
    const shown = await Promise.all(
      takes.map(async (take) =>
        take.state === 'done' ? { ...take, content: await this.o.resultContent(take.job) } : take,
      ),
    );
    try {
      return await messenger.showBatch(reply, shown);
    } catch (err) {
      if (!(err instanceof MessageRefused) || !shown.some(hasFile)) throw err;
      // Discord would refuse the same files on every retry: links are what can be shown.
      logger.warn({ err, batchId: batch.id }, "Discord refused a batch's files; showing links");
      const linkReason: LinkReason = err.reason === 'too_large' ? 'too_large' : 'download_failed';
      const links = shown.map(
        (take): BatchTake =>
          take.state === 'done' ? { ...take, content: { kind: 'result' as const, linkReason } } : take,
      );
      return await messenger.showBatch(reply, links);
    }
  }

  private async failed(batch: BatchKey, err: unknown): Promise<void> {
    const { logger, clock } = this.o;
    if (this.closed.signal.aborted) return;
    const failures = (this.failures.get(batch.id) ?? 0) + 1;
    if (err instanceof MessageRefused || failures >= (this.o.maxAttempts ?? MAX_ATTEMPTS)) {
      // Refused for good, or still failing after every attempt: the card stays as it is.
      this.failures.delete(batch.id);
      logger.error({ err, batchId: batch.id, failures }, "cannot redraw a batch's card; giving up");
      await this.o.batches.giveUp(batch.id).catch(() => undefined);
      return;
    }
    this.failures.set(batch.id, failures);
    const wait = Math.min((this.o.retryBaseMs ?? 5_000) * 2 ** (failures - 1), MAX_RETRY_WAIT_MS);
    logger.warn(
      { err, batchId: batch.id, failures, retryInMs: wait },
      "cannot redraw a batch's card; will retry",
    );
    clock.sleep(wait, this.closed.signal).then(
      () => void this.redraw(batch),
      () => undefined,
    );
  }
}

/** The reply as a take's job knows it, for a batch sent before its reply was kept. */
function replyOfTakes(batch: BatchKey, takes: readonly BatchTake[]): BatchReply | undefined {
  const take = takes.find((t): t is Extract<BatchTake, { job: Job }> => 'job' in t);
  if (!take) return undefined;
  const { job } = take;
  return {
    id: batch.id,
    size: batch.size,
    reply: job.reply,
    prompt: job.prompt,
    ...(job.request ? { request: job.request } : {}),
    model: job.model,
    modelLabel: job.modelLabel,
    simulated: job.simulated,
  };
}

function hasFile(take: BatchTake): boolean {
  return take.state === 'done' && !!(take.content?.file || take.content?.lastFrame?.file);
}
