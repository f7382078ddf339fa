/** What command handlers may use: the domain services, never each other. */
import type { ModelCatalog } from '../../catalog/catalog.ts';
import type { Clock } from '../../clock.ts';
import type { BatchCards } from '../../jobs/batch-cards.ts';
import type { ConfirmationStore } from '../../jobs/confirmations.ts';
import type { Job } from '../../jobs/job.ts';
import type { JobStore } from '../../jobs/job-store.ts';
import type { ModerationLog } from '../../jobs/moderation-log.ts';
import type { PendingReferenceStore } from '../../jobs/pending-references.ts';
import type { ResultContent } from '../../jobs/result-content.ts';
import type { CancelResult } from '../../jobs/send-line.ts';
import type { Submitter } from '../../jobs/submitter.ts';
import type { TopupPurchases } from '../../jobs/topup-purchases.ts';
import type { Logger } from '../../log.ts';
import type { MediaClient } from '../../media/client.ts';
import type { MemberDefaultsStore } from '../../quota/member-defaults.ts';
import type { QuotaAdmin, QuotaLedger, QuotaService } from '../../quota/service.ts';
import type { ResultsRecorder } from '../../results/recorder.ts';

export interface BotServices {
  catalog: ModelCatalog;
  /** The money: reserve, settle, release, finish, refund, and a member's figures. */
  quota: QuotaService;
  /** The server's settings and what admins change (/quota, the channel rules, the confirm threshold). */
  quotaAdmin: QuotaAdmin;
  /** The ledger's entries (/balance, /quota report, the drift) and who was charged (/show). */
  quotaLedger: QuotaLedger;
  submitter: Submitter;
  jobs: JobStore;
  /** Costly requests held for the member's Confirm or Cancel. */
  confirmations: ConfirmationStore;
  /** Attachments of a message waiting for the "Generate from this" modal. */
  references: PendingReferenceStore;
  /** Each member's own defaults in each server (/settings). */
  memberDefaults: MemberDefaultsStore;
  media: MediaClient;
  clock: Clock;
  logger: Logger;
  /** The generation service's origin: its own output URLs are references it can fetch. */
  serviceOrigin: string;
  /** True when the bot runs on its built-in simulator: every result says so. */
  simulated: boolean;
  /** Hands a submitted job to the poller, once its queued embed is shown. */
  follow(job: Job): void;
  /**
   * The one reply of each batch (generation/batch-reply.ts): kept once shown, drawn again once every take's fate is
   * known, forgotten when none was sent.
   */
  batchCards: Pick<BatchCards, 'begin' | 'redraw' | 'forget'>;
  /** A finished job's result as it can be shown again (the file fetched anew), for /show. */
  resultContent(job: Job): Promise<ResultContent>;
  /**
   * Several processes on Redis: cancels a request waiting in another process's fair queue; what
   * that process answered, or undefined when none holds it.
   */
  cancelElsewhere?(reservationId: string, userId: string): Promise<CancelResult | undefined>;
  /**
   * The results index's recorder, when the bot keeps one (the web's gallery): Delete and the
   * gateway's deletions take a message's results out of it.
   */
  results?: ResultsRecorder;
  /** The servers' moderation logs: a reply shown, a prompt refused (absent in some unit tests). */
  moderation?: Pick<ModerationLog, 'replyShown' | 'promptRefused'>;
  /** Top-ups bought in Discord's store: where a member was shown the buttons, purchases waiting for a server. */
  topups?: Pick<TopupPurchases, 'recordOffer' | 'claimWaiting' | 'waitingCount'>;
}
