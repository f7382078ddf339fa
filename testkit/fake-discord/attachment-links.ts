/**
 * The fake's attachment links, signed as Discord's CDN signs them since 2024:
 * `/attachments/<channel>/<attachment>/<filename>?ex=<expiry>&is=<issued>&hm=<signature>`, the
 * times in hex Unix seconds and the signature an HMAC of the rest. A link stops working when its
 * `ex` has passed or anything in it was changed, so a test sees what a web page that keeps links
 * too long (or makes them up) would show: a 404.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a link works, as Discord's do. */
export const DEFAULT_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Where a link points: the parts of its path. */
export interface LinkTarget {
  channelId: string;
  attachmentId: string;
  filename: string;
}

export class AttachmentLinks {
  /** The fake's own key: links of one fake do not work on another. */
  private readonly key = randomBytes(32);
  private readonly origin: () => string;
  private readonly now: () => number;
  private readonly lifetimeMs: number;

  constructor(origin: () => string, now: () => number, lifetimeMs = DEFAULT_LINK_LIFETIME_MS) {
    this.origin = origin;
    this.now = now;
    this.lifetimeMs = lifetimeMs;
  }

  /** A link to the attachment that works for the lifetime from now. */
  sign(target: LinkTarget): string {
    const issued = Math.floor(this.now() / 1000);
    const expires = Math.floor((this.now() + this.lifetimeMs) / 1000);
    const ex = expires.toString(16);
    const is = issued.toString(16);
    const path = `/attachments/${target.channelId}/${target.attachmentId}/${encodeURIComponent(target.filename)}`;
    return `${this.origin()}${path}?ex=${ex}&is=${is}&hm=${this.signature(target, ex, is)}`;
  }

  /** What a link of this fake points to (whatever its signature), or undefined for any other URL. */
  target(url: string): LinkTarget | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.origin !== this.origin()) return undefined;
    return pathTarget(parsed.pathname);
  }

  /** The target of a request for a link that works now: signed by this fake and not expired. */
  verify(pathname: string, query: URLSearchParams): LinkTarget | undefined {
    const target = pathTarget(pathname);
    const ex = query.get('ex') ?? '';
    const is = query.get('is') ?? '';
    const hm = query.get('hm') ?? '';
    if (!target || !/^[0-9a-f]+$/.test(ex) || !/^[0-9a-f]+$/.test(is) || !/^[0-9a-f]{64}$/.test(hm)) {
      return undefined;
    }
    const expected = Buffer.from(this.signature(target, ex, is), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(hm, 'hex'))) return undefined;
    return Math.floor(this.now() / 1000) < Number.parseInt(ex, 16) ? target : undefined;
  }

  private signature(target: LinkTarget, ex: string, is: string): string {
    return createHmac('sha256', this.key)
      .update(`${target.channelId}/${target.attachmentId}/${target.filename}?ex=${ex}&is=${is}`)
      .digest('hex');
  }
}

function pathTarget(pathname: string): LinkTarget | undefined {
  const match = /^\/attachments\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(pathname);
  if (!match) return undefined;
  let filename: string;
  try {
    filename = decodeURIComponent(match[3] ?? '');
  } catch {
    return undefined;
  }
  return { channelId: match[1] ?? '', attachmentId: match[2] ?? '', filename };
}
