/**
 * Cancel of a request waiting in another process's fair queue. Each process keeps its own queue
 * of submissions waiting for the budget (jobs/send-line.ts), and Discord may hand the Cancel press
 * to any process. A press that finds nothing waiting here asks the others over Redis pub/sub: the
 * process holding the request cancels it (releasing its hold, as a local Cancel does) and answers.
 *
 * Every process that hears the question answers, so the asker knows when all have (PUBLISH says
 * how many heard it) and does not wait for a timeout when the request truly is no longer waiting.
 * A process that does not answer in `timeoutMs` is taken for one that does not hold it.
 */
import { randomUUID } from 'node:crypto';
import type { RedisClientType } from '@keyv/redis';
import type { CancelResult } from '../jobs/send-line.ts';
import type { Logger } from '../log.ts';

const QUESTIONS = 'bot:cancel:questions';
const answersTo = (processId: string) => `bot:cancel:answers:${processId}`;

interface Question {
  id: string;
  from: string;
  reservationId: string;
  userId: string;
}

interface Answer {
  id: string;
  result: CancelResult;
}

export interface RemoteCancelOptions {
  /** The coordination connection: publishes here; a duplicate subscribes. */
  client: RedisClientType;
  /** This process's own Cancel (Submitter.cancel). */
  local: (reservationId: string, userId: string) => Promise<CancelResult>;
  logger: Pick<Logger, 'warn'>;
  /** How long to wait for the other processes' answers (wall ms). Default 1 s. */
  timeoutMs?: number;
}

export class RemoteCancel {
  private readonly id = randomUUID();
  private subscriber: RedisClientType | undefined;
  private readonly pending = new Map<
    string,
    { heard: number; answered: number; done: (r?: CancelResult) => void }
  >();

  private readonly o: RemoteCancelOptions;

  constructor(o: RemoteCancelOptions) {
    this.o = o;
  }

  async start(): Promise<void> {
    const subscriber = this.o.client.duplicate() as RedisClientType;
    subscriber.on('error', (err: unknown) =>
      this.o.logger.warn({ err }, 'cancel channel: Redis connection error'),
    );
    await subscriber.connect();
    await subscriber.subscribe(QUESTIONS, (message) => void this.onQuestion(message));
    await subscriber.subscribe(answersTo(this.id), (message) => this.onAnswer(message));
    this.subscriber = subscriber;
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    for (const { done } of this.pending.values()) done(undefined);
    if (subscriber?.isOpen) await subscriber.close().catch(() => subscriber.destroy());
  }

  /**
   * Asks the other processes to cancel the request; what the one holding it answered, or
   * undefined when none does (or Redis cannot be asked).
   */
  async cancel(reservationId: string, userId: string): Promise<CancelResult | undefined> {
    if (!this.subscriber) return undefined;
    const question: Question = { id: randomUUID(), from: this.id, reservationId, userId };
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<CancelResult | undefined>((resolve) => {
      const done = (result?: CancelResult) => {
        clearTimeout(timer);
        this.pending.delete(question.id);
        resolve(result);
      };
      this.pending.set(question.id, { heard: Number.POSITIVE_INFINITY, answered: 0, done });
      timer = setTimeout(() => done(undefined), this.o.timeoutMs ?? 1_000);
    });
    try {
      // Everyone subscribed hears it, this process too (it ignores its own questions).
      const heard = Number(await this.o.client.publish(QUESTIONS, JSON.stringify(question)));
      const entry = this.pending.get(question.id);
      if (entry) {
        entry.heard = heard - 1;
        if (entry.answered >= entry.heard) entry.done(undefined);
      }
    } catch (err) {
      this.o.logger.warn({ err }, 'cannot ask the other bot processes to cancel a request');
      this.pending.get(question.id)?.done(undefined);
    }
    return answered;
  }

  private async onQuestion(message: string): Promise<void> {
    let question: Question;
    try {
      question = JSON.parse(message) as Question;
    } catch {
      return;
    }
    if (question.from === this.id) return;
    let result: CancelResult;
    try {
      result = await this.o.local(question.reservationId, question.userId);
    } catch (err) {
      this.o.logger.warn({ err }, 'cannot cancel a request another process asked about');
      result = { kind: 'not_waiting' };
    }
    const answer: Answer = { id: question.id, result };
    await this.o.client.publish(answersTo(question.from), JSON.stringify(answer)).catch((err: unknown) => {
      this.o.logger.warn({ err }, 'cannot answer another process about a cancel');
    });
  }

  private onAnswer(message: string): void {
    let answer: Answer;
    try {
      answer = JSON.parse(message) as Answer;
    } catch {
      return;
    }
    const entry = this.pending.get(answer.id);
    if (!entry) return;
    entry.answered += 1;
    if (answer.result.kind !== 'not_waiting') entry.done(answer.result);
    else if (entry.answered >= entry.heard) entry.done(undefined);
  }
}
