/**
 * Signed-in members, kept on the server in the bot's store (so any process on Redis serves any
 * member): the browser holds only an opaque id in an HttpOnly cookie. The store's key is the id's
 * hash, so a reader of the store cannot replay a session from its keys. A session lasts 7 days
 * from its login and ends at logout. Discord's access token is not in it: it is used during the
 * login and then forgotten (routes/auth.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Keyv from 'keyv';

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface Session {
  userId: string;
  /** The Discord user's name at login (member-written: escape it). */
  userName: string;
  /** The Discord user's locale at login (`en-US`, `de`, …), the page's language. */
  locale: string | null;
  /** The ids of the servers the member was in at login (what `/` lists; access is decided per request). */
  guildIds: string[];
  /** The form token of this session (CSRF). */
  csrf: string;
  createdAt: number;
}

const sessionKey = (id: string) => `session:${hashOf(id)}`;

export function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** A random token: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Equal secrets, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class SessionStore {
  private readonly keyv: Keyv;
  private readonly now: () => number;

  constructor(keyv: Keyv, now: () => number) {
    this.keyv = keyv;
    this.now = now;
  }

  /** A new session (a login): its id for the cookie. */
  async create(fields: Omit<Session, 'csrf' | 'createdAt'>): Promise<{ id: string; session: Session }> {
    const id = randomToken();
    const session: Session = { ...fields, csrf: randomToken(), createdAt: this.now() };
    await this.keyv.set(sessionKey(id), session, SESSION_LIFETIME_MS);
    return { id, session };
  }

  /** The session of a cookie's id; undefined when there is none or it is over. */
  async get(id: string | undefined): Promise<Session | undefined> {
    if (!id || id.length > 100) return undefined;
    const session = await this.keyv.get<Session>(sessionKey(id));
    if (!session) return undefined;
    // The store's TTL ends it too; this holds where a store keeps an expired value a little longer.
    if (this.now() - session.createdAt >= SESSION_LIFETIME_MS) return undefined;
    return session;
  }

  async destroy(id: string): Promise<void> {
    await this.keyv.delete(sessionKey(id));
  }
}
