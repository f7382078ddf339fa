/**
 * A login on its way through Discord: the `state` and the PKCE verifier, kept in the store (any
 * process may take the callback) under the state's hash, bound to the browser that started it by
 * a cookie only that browser has, and used once: the callback takes the entry out before it does
 * anything else, so a replayed callback finds nothing.
 */
import type Keyv from 'keyv';
import { createInProcessLock } from '../locks.ts';
import { hashOf, randomToken, sameSecret } from './sessions.ts';

/** Long enough to read Discord's page and click; short enough that an abandoned login is gone soon. */
export const LOGIN_LIFETIME_MS = 10 * 60 * 1000;

interface PendingLogin {
  verifier: string;
  /** The hash of the browser's binding cookie. */
  binding: string;
  /** Where to go after the login: a path of this site only. */
  returnTo: string;
}

const loginKey = (state: string) => `login:${hashOf(state)}`;

export interface StartedLogin {
  state: string;
  verifier: string;
  /** The cookie value that binds the login to this browser. */
  binding: string;
}

export class LoginFlow {
  private readonly keyv: Keyv;
  /**
   * keyv's delete says whether it removed the key: atomic on Redis (DEL), a read then a delete on
   * SQLite, where one process holds the file, so a lock in the process makes it one step.
   */
  private readonly lock = createInProcessLock();

  constructor(keyv: Keyv) {
    this.keyv = keyv;
  }

  async start(returnTo: string): Promise<StartedLogin> {
    const started = { state: randomToken(), verifier: randomToken(), binding: randomToken() };
    const pending: PendingLogin = { verifier: started.verifier, binding: hashOf(started.binding), returnTo };
    await this.keyv.set(loginKey(started.state), pending, LOGIN_LIFETIME_MS);
    return started;
  }

  /**
   * Takes the login a callback names, once: undefined when the state is unknown, used, expired, or
   * was started by another browser (a forged or replayed callback).
   */
  async finish(
    state: string,
    binding: string | undefined,
  ): Promise<{ verifier: string; returnTo: string } | undefined> {
    if (!state || state.length > 100 || !binding) return undefined;
    const key = loginKey(state);
    const pending = await this.lock.withLock(key, async () => {
      const found = await this.keyv.get<PendingLogin>(key);
      // Whoever deletes it first owns it: two callbacks racing with one state get one login.
      return found && (await this.keyv.delete(key)) ? found : undefined;
    });
    if (!pending) return undefined;
    if (!sameSecret(pending.binding, hashOf(binding))) return undefined;
    return { verifier: pending.verifier, returnTo: pending.returnTo };
  }
}

/** A path of this site to return to after a login; anything else (another site, `//host`, `/\\host`) is `/`. */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 500) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // A control character or a backslash: browsers read `/\t/host` and `/\\host` as another host.
  for (const ch of value) if (ch.charCodeAt(0) < 0x20 || ch === '\\') return '/';
  // Resolved against this site, it must stay on it.
  const resolved = new URL(value, 'http://this.site');
  return resolved.origin === 'http://this.site' ? resolved.pathname + resolved.search : '/';
}
