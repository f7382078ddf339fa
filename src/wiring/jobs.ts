import type { Config } from '../config.ts';
import { type BatchCardMessenger, BatchCards } from '../jobs/batch-cards.ts';
import { BatchStore } from '../jobs/batches.ts';
import { ConfirmationStore } from '../jobs/confirmations.ts';
import { Delivery } from '../jobs/delivery.ts';
import type { JobMessenger } from '../jobs/delivery-ports.ts';
import { downloadCapped } from '../jobs/download.ts';
import { IntentStore } from '../jobs/intents.ts';
import type { Job } from '../jobs/job.ts';
import { JobStore } from '../jobs/job-store.ts';
import { ModerationLog, type ModerationPoster } from '../jobs/moderation-log.ts';
import { type GenerationFollower, Poller, type PollerOptions, videoPollFor } from '../jobs/poller.ts';
import { Recovery } from '../jobs/recovery.ts';
import { Submitter } from '../jobs/submitter.ts';
import { InFlightJobs, trackInFlight } from '../ops/in-flight.ts';
import type { WiringContext } from './context.ts';
import { type Foundation, RATE_WINDOW_MS } from './foundation.ts';

export interface JobsWiring {
  jobs: JobStore;
  delivery: Delivery;
  batchCards: BatchCards;
  poller: ReturnType<Foundation['sharing']['poller']>;
  /** What /metrics counts of the jobs the polling poller follows. */
  inFlight: InFlightJobs;
  /** Has the poller follow a job (after its queued card is up). */
  follow: (job: Job) => void;
  submitter: Submitter;
  confirmations: ConfirmationStore;
  remoteCancel: ReturnType<Foundation['sharing']['remoteCancel']>;
  recovery: Recovery;
  /** The servers' moderation logs (started once the client is ready). */
  moderation: ModerationLog;
}

export function wireJobs(
  config: Readonly<Config>,
  f: Foundation,
  o: WiringContext & {
    messenger: JobMessenger & BatchCardMessenger;
    moderationPoster: ModerationPoster;
    moderationSweepMs?: number;
    timings?: { imagePollMs?: number; videoPollMs?: number; minEditIntervalMs?: number };
    onJobDone?: (job: Job) => void;
    createPoller?: (options: PollerOptions) => GenerationFollower;
  },
): JobsWiring {
  const { clock, logger, closers, metrics, messenger } = o;
  const { sharing, jobsKeyv, jobsLock, presence, quota, quotaAdmin, limiter, mediaClient, timings } = f;
  const jobs = new JobStore(jobsKeyv, jobsLock);
  const moderation = new ModerationLog({
    keyv: jobsKeyv,
    lock: jobsLock,
    quotaAdmin,
    jobs,
    poster: o.moderationPoster,
    clock,
    logger,
    ...(o.moderationSweepMs !== undefined ? { sweepMs: o.moderationSweepMs } : {}),
  });
  closers.add('the moderation log', () => moderation.stop());
  // Which job is which take of a batch: the submitter records it, delivery draws the one reply from it.
  const batches = new BatchStore(jobsKeyv, jobs, { lock: jobsLock, clock });
  const delivery = new Delivery({
    jobs,
    messenger,
    quota,
    clock,
    logger,
    download: (url, cap, opts) =>
      downloadCapped(url, cap, { ...opts, allowOrigins: [new URL(o.media.baseUrl).origin] }),
    minEditIntervalMs: o.timings?.minEditIntervalMs,
    batches,
    ...sharing.deliveryClaims(),
    onDone: (job) => {
      inFlight.done(job.generationId);
      metrics.jobDone(job);
      o.onJobDone?.(job);
    },
  });
  closers.add('delivery', () => delivery.close());
  // A batch's card drawn again when a take changes outside its delivery (jobs/batch-cards.ts).
  const batchCards = new BatchCards({
    batches,
    messenger,
    resultContent: (job) => delivery.resultContent(job),
    clock,
    logger,
  });
  closers.add("the batch cards' redraws", () => batchCards.close());
  const pollerOptions: PollerOptions = {
    client: mediaClient,
    clock,
    logger,
    budgetAvailable: () => limiter.available(),
    budgetLimit: config.mediaRateLimitPerMinute,
    intervals: {
      imageMs: o.timings?.imagePollMs ?? config.mediaPollMs,
      videoMs: o.timings?.videoPollMs ?? videoPollFor(config.mediaPollMs),
      maxMs: 30_000,
    },
    onGeneration: (generation) => {
      inFlight.seen(generation.id, generation.status);
      if (generation.status === 'completed') timings.observe(generation);
      const recorded = delivery.onStatus(generation);
      // Forgotten only once delivery has recorded the finish: if that failed, the next round retries.
      if (generation.status === 'completed' || generation.status === 'failed') {
        void recorded.then((ok) => ok && poller.forget(generation.id));
      }
    },
  };
  // /metrics counts what the poller that polls follows, in memory.
  const inFlight = new InFlightJobs((generationId) => delivery.handling(generationId));
  const createPoller = () =>
    trackInFlight(o.createPoller?.(pollerOptions) ?? new Poller(pollerOptions), inFlight);
  const poller = sharing.poller({ createPoller, jobs, delivery, clock });
  closers.add('the poller', () => poller.close());
  const follow = (job: Job) =>
    poller.follow({
      id: job.generationId,
      type: job.type,
      createdAt: job.createdAt,
      checkedAt: job.checkedAt,
    });
  const intents = new IntentStore(
    jobsKeyv,
    jobsLock,
    presence?.id,
    presence ? (owner) => presence.alive(owner) : undefined,
  );
  const submitter = new Submitter({
    client: mediaClient,
    jobs,
    intents,
    quota,
    clock,
    logger,
    capacity: {
      limit: config.mediaRateLimitPerMinute,
      windowMs: RATE_WINDOW_MS,
      available: () => limiter.available(),
      recentPolls: limiter.recentPolls?.bind(limiter),
    },
    expectedDurationMs: (model) => timings.typicalMs(model),
    batches,
    moderation,
  });
  const confirmations = new ConfirmationStore({ keyv: jobsKeyv, lock: jobsLock, quota, clock, logger });
  const remoteCancel = sharing.remoteCancel((reservationId, userId) =>
    submitter.cancel(reservationId, userId),
  );
  const recovery = new Recovery({
    intents,
    jobs,
    submitter,
    quota,
    clock,
    logger,
    follow,
    deliver: (job) => delivery.resume(job),
    takeChanged: (input) => {
      if (input.batch) void batchCards.redraw(input.batch);
    },
    batches,
    moderation,
    redrawOwedCards: (changedBefore) => batchCards.redrawOwed(changedBefore),
    expireConfirmations: () => confirmations.expireDue(),
    ...(presence ? { ownerAlive: (owner: string) => presence.alive(owner), lock: jobsLock } : {}),
  });
  return {
    jobs,
    delivery,
    batchCards,
    poller,
    inFlight,
    follow,
    submitter,
    confirmations,
    remoteCancel,
    recovery,
    moderation,
  };
}
