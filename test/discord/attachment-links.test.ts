/**
 * Attachment links that work now (gateway/attachment-links.ts), against a small HTTP server that
 * stands in for Discord's POST /attachments/refresh-urls, reached by discord.js's own REST client.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  AttachmentLinks,
  EXPIRY_MARGIN_MS,
  expiryOf,
  REFUSED_KEPT_MS,
} from '../../src/discord/gateway/attachment-links.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { perTest } from '../support/per-test.ts';
import { recordingLogger } from '../support/recording-logger.ts';

const TOKEN = 'bot-token-for-links';
const DAY_MS = 24 * 3_600_000;
const hex = (ms: number) => Math.floor(ms / 1000).toString(16);

interface RefreshCall {
  authorization: string | undefined;
  urls: string[];
}

interface Stand {
  server: Server;
  calls: RefreshCall[];
  clock: ManualClock;
  links: AttachmentLinks;
  log: ReturnType<typeof recordingLogger>;
  /** How the stand answers (the test changes it; the handle reads the running test's stand). */
  answers: Answers;
}

interface Answers {
  /** Links whose refresh Discord leaves out. */
  gone: Set<string>;
  /** Status of every answer from now on (200 by default). */
  status: number;
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

const s = perTest<Stand>(
  'a stand-in for refresh-urls',
  async () => {
    const clock = new ManualClock('2026-03-01T12:00:00Z');
    const calls: RefreshCall[] = [];
    const answers: Answers = { gone: new Set(), status: 200 };
    const server = createServer(async (req, res) => {
      if (req.method !== 'POST' || req.url !== '/api/v10/attachments/refresh-urls') {
        res.writeHead(404).end();
        return;
      }
      const body = (await readJson(req)) as { attachment_urls: string[] };
      calls.push({ authorization: req.headers.authorization, urls: body.attachment_urls });
      if (answers.status !== 200) {
        res.writeHead(answers.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Invalid Form Body', code: 50035 }));
        return;
      }
      const refreshed_urls = body.attachment_urls
        .filter((url) => !answers.gone.has(url))
        .map((original) => {
          const base = original.split('?')[0];
          return {
            original,
            refreshed: `${base}?ex=${hex(clock.now() + DAY_MS)}&is=${hex(clock.now())}&hm=fresh`,
          };
        });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ refreshed_urls }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const rest = new REST({ api: `http://127.0.0.1:${port}/api` }).setToken(TOKEN);
    const log = recordingLogger();
    return { server, calls, answers, clock, log, links: new AttachmentLinks(rest, clock, log.logger) };
  },
  async ({ server }) => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  },
);

/** A Discord attachment link signed to expire at `expiresAt` (ms). */
const link = (n: number, expiresAt: number) =>
  `https://cdn.discordapp.com/attachments/1/${1000 + n}/image-${n}.png?ex=${hex(expiresAt)}&is=0&hm=old`;
/** Links that expired an hour ago, as a gallery page of old results holds them. */
const stale = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => link(from + i, s.clock.now() - 3_600_000));

describe('AttachmentLinks', () => {
  it('refreshes a page of 60 stale links in two calls (50 and 10), with the bot token', async () => {
    const page = stale(60);
    const working = await s.links.refresh(page);
    expect(s.calls.map((c) => c.urls.length)).toEqual([50, 10]);
    expect(s.calls.every((c) => c.authorization === `Bot ${TOKEN}`)).toBe(true);
    expect(working.size).toBe(60);
    for (const url of page) {
      const fresh = working.get(url);
      expect(fresh?.split('?')[0]).toBe(url.split('?')[0]);
      expect(fresh).toContain('hm=fresh');
    }
  });

  it('keeps every refreshed link: the same page again costs no call', async () => {
    const page = stale(60);
    const first = await s.links.refresh(page);
    const second = await s.links.refresh(page);
    expect(s.calls).toHaveLength(2);
    expect(second).toEqual(first);
  });

  it('asks for 120 links in three calls, and for only the links not kept', async () => {
    await s.links.refresh(stale(60));
    await s.links.refresh(stale(120));
    expect(s.calls.map((c) => c.urls.length)).toEqual([50, 10, 50, 10]);
    expect(s.calls.slice(2).flatMap((c) => c.urls)).toEqual(stale(60, 60));
  });

  it('hands out a link with time left as it is, asking nothing', async () => {
    const fresh = link(1, s.clock.now() + DAY_MS);
    const nearlyDue = link(2, s.clock.now() + EXPIRY_MARGIN_MS);
    const working = await s.links.refresh([fresh, nearlyDue]);
    expect(working.get(fresh)).toBe(fresh);
    expect(s.calls.map((c) => c.urls)).toEqual([[nearlyDue]]);
    expect(working.get(nearlyDue)).toContain('hm=fresh');
  });

  it('asks again for a kept link once it nears its expiry', async () => {
    const [old] = stale(1);
    if (!old) throw new Error('no link');
    const first = await s.links.refresh([old]);
    const refreshed = first.get(old) ?? '';
    const expiresAt = expiryOf(refreshed) ?? 0;
    s.clock.set(expiresAt - EXPIRY_MARGIN_MS - 1);
    expect((await s.links.refresh([old])).get(old)).toBe(refreshed);
    expect(s.calls).toHaveLength(1);
    s.clock.advance(1);
    expect((await s.links.refresh([old])).get(old)).not.toBe(refreshed);
    expect(s.calls).toHaveLength(2);
  });

  it('leaves out a link Discord did not refresh, and does not ask for it again for a while', async () => {
    const [kept, gone] = stale(2);
    if (!kept || !gone) throw new Error('no links');
    s.answers.gone.add(gone);
    const working = await s.links.refresh([kept, gone, 'not a url']);
    expect([...working.keys()]).toEqual([kept]);
    // Not asked again for a while: a page showing it would otherwise cost a call at every view.
    await s.links.refresh([gone]);
    expect(s.calls.map((c) => c.urls)).toEqual([[kept, gone]]);
    // Then asked again (Discord may answer by then).
    s.clock.advance(REFUSED_KEPT_MS + 1);
    s.answers.gone.delete(gone);
    expect((await s.links.refresh([gone])).has(gone)).toBe(true);
    expect(s.calls.map((c) => c.urls)).toEqual([[kept, gone], [gone]]);
  });

  it('asks once for one attachment given with two signatures, and answers both', async () => {
    const a = link(7, s.clock.now() - 1000);
    const b = link(7, s.clock.now() - 2000);
    const working = await s.links.refresh([a, b]);
    expect(s.calls.map((c) => c.urls)).toEqual([[a]]);
    expect(working.get(a)).toBe(working.get(b));
    expect(working.get(a)).toContain('hm=fresh');
  });

  it('leaves out the links of a call Discord refused, with a warning, and keeps nothing of it', async () => {
    s.answers.status = 400;
    const page = stale(3);
    expect((await s.links.refresh(page)).size).toBe(0);
    expect(s.log.lines.map((l) => l.msg)).toContain('cannot refresh attachment links');
    s.answers.status = 200;
    expect((await s.links.refresh(page)).size).toBe(3);
    expect(s.calls).toHaveLength(2);
  });
});
