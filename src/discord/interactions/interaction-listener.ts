/**
 * The client's `interactionCreate` listener, keeping the handlers still running. A stop lets them
 * finish (within a grace) before the store closes: a handler cut short may have sent an edit and not
 * yet recorded its message id, and the next process would find the job without its reply. Apart
 * from app.ts so that its stop sequence says only when interactions stop.
 */
import { setTimeout as realDelay } from 'node:timers/promises';
import { type Client, Events, type Interaction } from 'discord.js';

export interface InteractionListener {
  /** Stops listening, then waits for running handlers, at most `graceMs` (wall time). */
  stop(graceMs: number): Promise<void>;
}

/** Hands every interaction to `route` from now on (before login, so none right after READY is missed). */
export function listenForInteractions(
  client: Client,
  route: (interaction: Interaction) => Promise<void>,
): InteractionListener {
  const handling = new Set<Promise<void>>();
  const onInteraction = (interaction: Interaction) => {
    const handled: Promise<void> = route(interaction).finally(() => handling.delete(handled));
    handling.add(handled);
  };
  client.on(Events.InteractionCreate, onInteraction);
  return {
    async stop(graceMs) {
      client.off(Events.InteractionCreate, onInteraction);
      const grace = new AbortController();
      await Promise.race([
        Promise.allSettled([...handling]),
        realDelay(graceMs, undefined, { signal: grace.signal }).catch(() => undefined),
      ]);
      grace.abort();
    },
  };
}
