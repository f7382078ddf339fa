/**
 * Downloads a finished output as a stream, stopping as soon as it passes the cap, so an
 * oversized video never sits whole in memory. The service's token is never sent: output
 * URLs are public addresses, possibly on another host.
 *
 * The URL comes from the service's answer, so it is untrusted: a compromised or spoofed service
 * could point it at the bot's own network (`http://127.0.0.1:…/secret`, the cloud metadata
 * address) and have the answer posted in the channel. So only http(s) URLs on public addresses
 * are fetched (checked on every redirect hop and, through the public-only agent, at connect
 * time), except origins the operator configured (the simulator on 127.0.0.1); and only a body
 * whose declared type and first bytes are the promised image or video is kept.
 */
import type { Dispatcher } from 'undici';
import { httpAgent, request } from '../http-agent.ts';
import { ipLiteralOf, isPublicAddress } from '../net/public-address.ts';
import { isNotPublicError, publicOnlyAgent } from '../net/public-agent.ts';

/**
 * `refused`: the URL, an address or the body is not acceptable (not http(s), not public, not the
 * promised media); retrying cannot change that. `failed`: anything else (network, status).
 */
export type DownloadResult =
  | { ok: true; data: Buffer; contentType: string | undefined }
  | { ok: false; reason: 'too_large' | 'failed' | 'refused'; detail: string };

/** What the generation promised, so that a body of another kind is refused. */
export interface ExpectedMedia {
  type: 'image' | 'video';
  /** The `output.content_type` the service gave, when it gave one. */
  contentType?: string;
}

export interface DownloadOptions {
  timeoutMs?: number;
  expect?: ExpectedMedia;
  /**
   * Origins (`http://127.0.0.1:8787`) fetched even though their address is not public: the
   * configured service's own origin, for the simulator. Exact scheme, host and port.
   */
  allowOrigins?: readonly string[];
  /** The agent for allowed origins (default the shared one); other URLs always use the public-only agent. */
  allowedDispatcher?: Dispatcher;
}

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Enough bytes to recognise every accepted format. */
const SNIFF_BYTES = 12;

class Refused extends Error {}

/** Fetches `url` into memory when it fits in `capBytes` and is the promised media from an acceptable address. */
export async function downloadCapped(
  url: string,
  capBytes: number,
  options: DownloadOptions = {},
): Promise<DownloadResult> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error('download timed out')),
    options.timeoutMs ?? 60_000,
  );
  try {
    let target = url;
    for (let hop = 0; ; hop++) {
      const { href, dispatcher } = route(target, options);
      const res = await request(href, { method: 'GET', signal: controller.signal, dispatcher });
      if (REDIRECTS.has(res.statusCode)) {
        discard(res.body);
        const location = res.headers.location;
        if (typeof location !== 'string') return failed(`HTTP ${res.statusCode} without a location`);
        if (hop >= MAX_REDIRECTS) return failed(`more than ${MAX_REDIRECTS} redirects`);
        target = new URL(location, href).href;
        continue;
      }
      if (res.statusCode !== 200) {
        discard(res.body);
        return failed(`HTTP ${res.statusCode}`);
      }
      const header = res.headers['content-type'];
      const contentType = typeof header === 'string' ? header : undefined;
      const kind = acceptedKind(contentType, options.expect);
      if (typeof kind === 'object') {
        // Not read at all: the body of a wrong-typed answer is exactly what must not leak.
        discard(res.body);
        throw new Refused(kind.refused);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > capBytes) {
        discard(res.body);
        return { ok: false, reason: 'too_large', detail: `${declared} bytes declared` };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let sniffed = false;
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > capBytes) {
          discard(res.body);
          return { ok: false, reason: 'too_large', detail: `more than ${capBytes} bytes` };
        }
        chunks.push(chunk as Buffer);
        if (!sniffed && size >= SNIFF_BYTES) {
          sniffed = true;
          checkSignature(Buffer.concat(chunks), kind, res.body);
        }
      }
      const data = Buffer.concat(chunks);
      if (!sniffed) checkSignature(data, kind, res.body);
      return { ok: true, data, contentType };
    }
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: 'refused', detail: err.message };
    if (isNotPublicError(err)) return { ok: false, reason: 'refused', detail: (err as Error).message };
    return failed(err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a body unread; its stream then reports an abort that nobody needs to hear. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

const failed = (detail: string): DownloadResult => ({ ok: false, reason: 'failed', detail });

/** The URL to request and the agent to request it with, or a refusal. */
function route(text: string, options: DownloadOptions): { href: string; dispatcher: Dispatcher } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refused('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Refused(`${url.protocol} URLs are not fetched`);
  if (url.username !== '' || url.password !== '') throw new Refused('URL carries credentials');
  if (options.allowOrigins?.some((origin) => sameOrigin(origin, url)))
    return { href: url.href, dispatcher: options.allowedDispatcher ?? httpAgent };
  const literal = ipLiteralOf(url);
  // Node connects to an IP-literal host without calling lookup, so the agent cannot check it.
  if (literal !== undefined && !isPublicAddress(literal))
    throw new Refused(`${literal} is not a public address`);
  return { href: url.href, dispatcher: publicOnlyAgent };
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}

/** The media kind the Content-Type header declares, when it is acceptable, or why it is not. */
function acceptedKind(
  contentType: string | undefined,
  expect: ExpectedMedia | undefined,
): 'image' | 'video' | { refused: string } {
  const essence = mediaType(contentType);
  const kind = essence?.startsWith('image/') ? 'image' : essence?.startsWith('video/') ? 'video' : undefined;
  if (!kind) return { refused: `content type ${essence ?? 'missing'} is not an image or a video` };
  if (expect && kind !== expect.type)
    return { refused: `content type ${essence} is not the promised ${expect.type}` };
  const promised = mediaType(expect?.contentType);
  if (promised && promised !== essence)
    return { refused: `content type ${essence} is not the promised ${promised}` };
  return kind;
}

/** `image/png; charset=x` -> `image/png`. */
function mediaType(contentType: string | undefined): string | undefined {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  return essence || undefined;
}

/** Throws (and stops the body) unless the first bytes are a format of the declared kind. */
function checkSignature(head: Buffer, kind: 'image' | 'video', body: Dispatcher.ResponseData['body']): void {
  if (sniff(head) === kind) return;
  discard(body);
  throw new Refused(`the first bytes are not a known ${kind} format`);
}

/** The kind of media whose signature `head` starts with: PNG, JPEG, GIF, WEBP; MP4/MOV, WebM. */
export function sniff(head: Buffer): 'image' | 'video' | undefined {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image';
  if (ascii(4, 8) === 'ftyp') return 'video';
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video';
  return undefined;
}
