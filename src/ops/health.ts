/**
 * What /healthz checks: the gateway is connected (interactions can arrive), the store takes a
 * write and gives it back (money can be recorded), and the model catalog is loaded (commands can
 * be quoted). Each check names itself in the answer, so a 503 says which one failed.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as realDelay } from 'node:timers/promises';
import type Keyv from 'keyv';

/** How long the store probe may take (wall time) before the store counts as failing. */
export const STORE_PROBE_TIMEOUT_MS = 2_000;

/** A process's probe value outlives its last probe by this long (ms), then the store drops it. */
const PROBE_TTL_MS = 10 * 60_000;

export interface HealthSources {
  gatewayConnected: () => boolean;
  /** A namespace of the store of its own (`health`), so the probe touches nothing else. */
  store: Keyv;
  catalogLoaded: () => boolean;
  probeTimeoutMs?: number;
}

export interface CheckResult {
  ok: boolean;
  /** Why it failed; absent when ok. */
  error?: string;
}

export interface HealthReport {
  ok: boolean;
  checks: { gateway: CheckResult; store: CheckResult; catalog: CheckResult };
}

export class HealthCheck {
  /** A probe still running: concurrent scrapes share it rather than pile writes onto a slow store. */
  private probing: Promise<CheckResult> | undefined;

  /**
   * This process's own key: processes sharing one Redis would otherwise read each other's value
   * and answer 503 for a store that works.
   */
  private readonly key = `probe:${randomUUID()}`;

  private readonly o: HealthSources;

  constructor(o: HealthSources) {
    this.o = o;
  }

  async check(): Promise<HealthReport> {
    const store = await this.probeOnce();
    const gateway = this.o.gatewayConnected() ? ok() : failed('not connected to the Discord gateway');
    const catalog = this.o.catalogLoaded() ? ok() : failed('the model catalog has not loaded yet');
    return {
      ok: gateway.ok && store.ok && catalog.ok,
      checks: { gateway, store, catalog },
    };
  }

  private probeOnce(): Promise<CheckResult> {
    this.probing ??= this.probe().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /** A real write read back, bounded in time: a store that hangs is as unusable as one that throws. */
  private async probe(): Promise<CheckResult> {
    const timeoutMs = this.o.probeTimeoutMs ?? STORE_PROBE_TIMEOUT_MS;
    const nonce = `${process.pid}:${Date.now()}:${Math.random()}`;
    const roundTrip = (async () => {
      await this.o.store.set(this.key, nonce, PROBE_TTL_MS);
      const back = await this.o.store.get<string>(this.key);
      if (back !== nonce) throw new Error('a value written could not be read back');
    })();
    const timer = new AbortController();
    const timedOut = realDelay(timeoutMs, undefined, { signal: timer.signal }).then(
      () => {
        throw new Error(`no answer within ${timeoutMs} ms`);
      },
      () => undefined,
    );
    try {
      await Promise.race([roundTrip, timedOut]);
      return ok();
    } catch (err) {
      // The write may still settle later; its outcome is not waited for (and not left unhandled).
      roundTrip.catch(() => undefined);
      return failed(
        `cannot write the store: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
      );
    } finally {
      timer.abort();
    }
  }
}

const ok = (): CheckResult => ({ ok: true });
const failed = (error: string): CheckResult => ({ ok: false, error });
