/**
 * What a start opened, closed from one list: each step of the start adds its closer as soon as what
 * it opened exists, and a stop (or a start that fails half-way) closes them last first, the reverse
 * of the order they were opened in, so nothing is closed while something opened after it still
 * uses it.
 */
import type { Logger } from '../log.ts';

interface Closer {
  name: string;
  close(): unknown;
}

export class Closers {
  readonly #stack: Closer[] = [];
  #closing: Promise<void> | undefined;

  /** Adds the closer of what was just opened; it runs before every closer added earlier. */
  add(name: string, close: () => unknown): void {
    if (this.#closing) throw new Error(`cannot add "${name}": the closers are already closing`);
    this.#stack.push({ name, close });
  }

  /**
   * Runs every closer, last added first, each awaited before the next. One that throws or rejects is
   * logged and the rest still run: a stop leaves nothing open because one part failed to close.
   * Then, if any failed, rejects with an AggregateError of their errors (a stop that did not close
   * everything still ends the process with a failure). Closes once; a second call gets the same.
   */
  close(log: Pick<Logger, 'error' | 'debug'>): Promise<void> {
    this.#closing ??= this.#closeAll(log);
    return this.#closing;
  }

  async #closeAll(log: Pick<Logger, 'error' | 'debug'>): Promise<void> {
    const failures: unknown[] = [];
    for (const closer of this.#stack.toReversed()) {
      // Which part a slow stop is waiting on.
      log.debug({ closing: closer.name }, 'closing a part of the bot');
      try {
        await closer.close();
      } catch (err) {
        failures.push(err);
        log.error({ err, closing: closer.name }, 'could not close a part of the bot; closing the rest');
      }
    }
    if (failures.length > 0) {
      throw new AggregateError(failures, `${failures.length} part(s) of the bot could not be closed`);
    }
  }
}
