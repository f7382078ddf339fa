/**
 * Logins per client address: at most LOGINS_PER_WINDOW starts of a login a minute (enough for a
 * household or an office behind one address), so
 * one address cannot fill the store with pending logins or hammer Discord's token endpoint. Kept in
 * the process (each process counts its own; a proxy spreading one address over several processes
 * lets it through a few times more, which is still bounded).
 */
export const LOGINS_PER_WINDOW = 30;
export const LOGIN_WINDOW_MS = 60_000;
/** Addresses remembered at most: a flood of addresses cannot grow the map without bound. */
const MAX_ADDRESSES = 10_000;

export class LoginLimit {
  private readonly starts = new Map<string, number[]>();
  private readonly now: () => number;

  constructor(now: () => number) {
    this.now = now;
  }

  /** Counts a login from `address`; false when it is over the limit (not counted then). */
  take(address: string): boolean {
    const now = this.now();
    const recent = (this.starts.get(address) ?? []).filter((at) => now - at < LOGIN_WINDOW_MS);
    if (recent.length >= LOGINS_PER_WINDOW) {
      this.starts.set(address, recent);
      return false;
    }
    recent.push(now);
    this.starts.delete(address);
    this.starts.set(address, recent);
    // The oldest address leaves first (a Map keeps insertion order; a new login re-inserts).
    if (this.starts.size > MAX_ADDRESSES) {
      const oldest = this.starts.keys().next().value;
      if (oldest !== undefined) this.starts.delete(oldest);
    }
    return true;
  }
}
