import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadCapped } from '../../src/jobs/download.ts';
import { minimalMp4, solidPng } from '../../src/sim/media-files.ts';

const SECRET = 'root:x:0:0:the secret the bot must never post';
const PNG = solidPng();
const MP4 = minimalMp4();

interface Local {
  origin: string;
  port: number;
  /** Paths requested, in order. */
  hits: string[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every request and answers with `handler`. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Local> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const send = (res: ServerResponse, type: string, body: Buffer | string) => {
  res.writeHead(200, { 'Content-Type': type });
  res.end(body);
};

let secret: Local;
let media: Local;
/** Where `media` redirects `/redirect` to, per test. */
let redirectTo = '';
beforeEach(async () => {
  secret = await serve((_req, res) => send(res, 'text/plain', SECRET));
  media = await serve((req, res) => {
    if (req.url === '/image.png') return send(res, 'image/png', PNG);
    if (req.url === '/video.mp4') return send(res, 'video/mp4; codecs="avc1"', MP4);
    if (req.url === '/text-as-png') return send(res, 'image/png', SECRET);
    if (req.url === '/text') return send(res, 'text/plain', SECRET);
    if (req.url === '/svg') return send(res, 'image/svg+xml', '<svg onload="alert(1)"/>');
    if (req.url === '/hang') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return res.write(PNG.subarray(0, 4));
    }
    if (req.url?.startsWith('/loop')) {
      res.writeHead(302, { Location: `/loop${req.url.length}` });
      return res.end();
    }
    res.writeHead(302, { Location: redirectTo });
    res.end();
  });
});
afterEach(async () => {
  await secret.close();
  await media.close();
});

const allowMedia = () => ({ allowOrigins: [media.origin] });

describe('downloading an output URL', () => {
  it('fetches an image from an allowed origin', async () => {
    const result = await downloadCapped(`${media.origin}/image.png`, 1 << 20, {
      ...allowMedia(),
      expect: { type: 'image', contentType: 'image/png' },
    });
    expect(result).toMatchObject({ ok: true, contentType: 'image/png' });
    expect(result.ok && result.data.equals(PNG)).toBe(true);
  });

  it('fetches a video whose content type carries parameters', async () => {
    const result = await downloadCapped(`${media.origin}/video.mp4`, 1 << 20, {
      ...allowMedia(),
      expect: { type: 'video', contentType: 'video/mp4' },
    });
    expect(result.ok && result.data.equals(MP4)).toBe(true);
  });

  it('refuses another port on 127.0.0.1 without connecting to it', async () => {
    const result = await downloadCapped(`http://127.0.0.1:${secret.port}/secret`, 1 << 20, allowMedia());
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
    expect(JSON.stringify(result)).not.toContain('secret the bot');
    expect(secret.hits).toEqual([]);
  });

  it.each([
    ['localhost by name (checked when connecting)', (port: number) => `http://localhost:${port}/secret`],
    ['an IPv4 spelled as one number', (port: number) => `http://2130706433:${port}/secret`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/secret`],
    ['IPv4-mapped IPv6 loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/secret`],
  ])('refuses %s', async (_name, url) => {
    const result = await downloadCapped(url(secret.port), 1 << 20, allowMedia());
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
    expect(secret.hits).toEqual([]);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/x.png',
    'http://100.64.0.1/x.png',
    'http://[fd00::1]/x.png',
    'http://[fe80::1]/x.png',
    'http://0.0.0.0/x.png',
    'http://224.0.0.1/x.png',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'ftp://example.com/x.png',
    'https://user:pass@example.com/x.png',
    'not a url',
  ])('refuses %s without fetching it', async (url) => {
    const result = await downloadCapped(url, 1 << 20, allowMedia());
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('refuses a redirect from an allowed origin to another local port', async () => {
    redirectTo = `http://127.0.0.1:${secret.port}/secret`;
    const result = await downloadCapped(`${media.origin}/redirect`, 1 << 20, allowMedia());
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
    expect(media.hits).toEqual(['/redirect']);
    expect(secret.hits).toEqual([]);
  });

  it('refuses a redirect to the metadata address', async () => {
    redirectTo = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/';
    const result = await downloadCapped(`${media.origin}/redirect`, 1 << 20, allowMedia());
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('follows a redirect within the allowed origin', async () => {
    redirectTo = '/image.png';
    const result = await downloadCapped(`${media.origin}/redirect`, 1 << 20, allowMedia());
    expect(result.ok).toBe(true);
    expect(media.hits).toEqual(['/redirect', '/image.png']);
  });

  it('gives up after a few redirects', async () => {
    const result = await downloadCapped(`${media.origin}/loop`, 1 << 20, allowMedia());
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(media.hits).toHaveLength(4);
  });

  it.each([
    ['a text body', '/text', undefined],
    ['an SVG (not a format the bot shows)', '/svg', undefined],
    ['text declared as a PNG', '/text-as-png', undefined],
    ['an image where a video was promised', '/image.png', { type: 'video' as const }],
    [
      'a PNG where the service promised a JPEG',
      '/image.png',
      { type: 'image' as const, contentType: 'image/jpeg' },
    ],
  ])('refuses %s from an allowed origin', async (_name, path, expectMedia) => {
    const result = await downloadCapped(`${media.origin}${path}`, 1 << 20, {
      ...allowMedia(),
      expect: expectMedia,
    });
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
    expect(JSON.stringify(result)).not.toContain('secret the bot');
  });

  it('still reports an output over the cap as too large', async () => {
    const result = await downloadCapped(`${media.origin}/image.png`, 16, allowMedia());
    expect(result).toMatchObject({ ok: false, reason: 'too_large' });
  });

  it('gives up on a body that stops coming', async () => {
    const result = await downloadCapped(`${media.origin}/hang`, 1 << 20, { ...allowMedia(), timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, reason: 'failed', detail: 'download timed out' });
  });
});
