/**
 * Downloads a finished output as a stream, stopping as soon as it passes the cap, so an
 * oversized video never sits whole in memory. The service's token is never sent: output
 * URLs are public addresses, possibly on another host.
 */
import type { Dispatcher } from 'undici';
import { httpAgent, request } from '../http-agent.ts';

export type DownloadResult =
  | { ok: true; data: Buffer; contentType: string | undefined }
  | { ok: false; reason: 'too_large' | 'failed'; detail: string };

/** Fetches `url` into memory when it fits in `capBytes`. */
export async function downloadCapped(
  url: string,
  capBytes: number,
  options: { dispatcher?: Dispatcher; timeoutMs?: number } = {},
): Promise<DownloadResult> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error('download timed out')),
    options.timeoutMs ?? 60_000,
  );
  try {
    const res = await request(url, {
      method: 'GET',
      signal: controller.signal,
      dispatcher: options.dispatcher ?? httpAgent,
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      return { ok: false, reason: 'failed', detail: `HTTP ${res.statusCode}` };
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > capBytes) {
      controller.abort();
      return { ok: false, reason: 'too_large', detail: `${declared} bytes declared` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      if (size > capBytes) {
        controller.abort();
        return { ok: false, reason: 'too_large', detail: `more than ${capBytes} bytes` };
      }
      chunks.push(chunk as Buffer);
    }
    const contentType = res.headers['content-type'];
    return {
      ok: true,
      data: Buffer.concat(chunks),
      contentType: typeof contentType === 'string' ? contentType : undefined,
    };
  } catch (err) {
    return { ok: false, reason: 'failed', detail: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}
