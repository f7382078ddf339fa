/**
 * A command timeout for commands already sent. node-redis times out only commands still waiting to
 * be written (`commandOptions.timeout`); one written to a server that stopped answering (a paused
 * process, a network that drops packets without a reset) waits for ever, and so does everything
 * queued behind it on that connection: a store read on a member's path, a lease renewal, a quota
 * transaction holding the guild's lock. Redis answers in order on a connection, so a sent command
 * cannot be abandoned alone: the whole connection must go.
 *
 * The guard sends a PING every `everyMs`; when one has waited longer than `stallMs`, the server is
 * taken for stalled: the connection is destroyed (every command on it fails at once, and fails
 * closed like any store error) and opened again, retrying until the server answers. A transaction
 * whose EXEC was on the wire is then of unknown outcome, exactly as after a crash: the quota's
 * journal replays or finds it, and a reservation the member was told failed expires unused.
 */
import type { Logger } from '../log.ts';

export interface GuardedClient {
  readonly isReady: boolean;
  readonly isOpen: boolean;
  ping(): Promise<unknown>;
  connect(): Promise<unknown>;
  destroy(): void;
}

export interface StallGuardOptions {
  /** How often the guard pings (wall ms). Default 1 s. */
  everyMs?: number;
  /** A PING unanswered this long means the server has stalled (wall ms). Default 3 s. */
  stallMs?: number;
  /** Between attempts to open the connection again (wall ms). Default 500 ms. */
  reconnectMs?: number;
  /** Which connection, for the log. */
  name: string;
  /** Open the connection again after dropping it (default); false when its user does that itself. */
  reopen?: boolean;
  log: Pick<Logger, 'error' | 'warn' | 'info'>;
}

/** Watches `client` until the returned stop is called (call it before closing the client). */
export function guardAgainstStalls(client: GuardedClient, o: StallGuardOptions): () => void {
  const everyMs = o.everyMs ?? 1_000;
  const stallMs = o.stallMs ?? 3_000;
  let stopped = false;
  let pingSince: number | undefined;
  let reopening = false;

  const reopen = async () => {
    reopening = true;
    try {
      while (!stopped && !client.isOpen) {
        try {
          await client.connect();
          o.log.info({ connection: o.name }, 'Redis answers again; connection reopened');
        } catch {
          await new Promise((resolve) => setTimeout(resolve, o.reconnectMs ?? 500).unref());
        }
      }
    } finally {
      reopening = false;
    }
  };

  const check = () => {
    if (stopped || reopening) return;
    if (pingSince !== undefined) {
      if (performance.now() - pingSince < stallMs) return;
      pingSince = undefined;
      o.log.error(
        { connection: o.name, stallMs },
        'Redis has not answered for too long; dropping the connection so that waiting commands fail',
      );
      if (client.isOpen) client.destroy();
      if (o.reopen !== false) void reopen();
      return;
    }
    if (!client.isReady) return;
    const sent = performance.now();
    pingSince = sent;
    client.ping().then(
      () => {
        if (pingSince === sent) pingSince = undefined;
      },
      () => {
        if (pingSince === sent) pingSince = undefined;
      },
    );
  };

  const timer = setInterval(check, Math.min(everyMs, stallMs / 2));
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
