import type { APIMessage } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { perTest } from '../support/per-test.ts';

const GUILD = '1200000000000000001';
const ART = '1200000000000000002';
const HOUR = 3_600_000;

const clock = new ManualClock('2026-03-01T12:00:00Z');
const discord = perTest(
  'fake Discord',
  () =>
    startFakeDiscord({
      clock,
      attachmentLinkLifetimeMs: HOUR,
      guilds: [{ id: GUILD, channels: [{ id: ART, name: 'art' }] }],
    }),
  (fake) => fake.close(),
);

/** The bot posts a message with files, over HTTP as discord.js does; answers the stored message. */
async function post(fake: FakeDiscord, files: Record<string, string>): Promise<APIMessage> {
  const form = new FormData();
  form.append('payload_json', JSON.stringify({ content: 'files' }));
  for (const [i, [name, text]] of Object.entries(files).entries()) {
    form.append(`files[${i}]`, new Blob([Buffer.from(text)], { type: 'text/plain' }), name);
  }
  const res = await fetch(`${fake.apiUrl}/v10/channels/${ART}/messages`, {
    method: 'POST',
    headers: { authorization: `Bot ${fake.botToken}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as APIMessage;
}

async function download(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

async function refresh(fake: FakeDiscord, urls: unknown, authorization = `Bot ${fake.botToken}`) {
  const res = await fetch(`${fake.apiUrl}/v10/attachments/refresh-urls`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ attachment_urls: urls }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

function refreshedOf(answer: { json: Record<string, unknown> }) {
  return answer.json.refreshed_urls as { original: string; refreshed: string }[];
}

describe("the fake Discord's attachment links", () => {
  it("look like Discord's signed CDN links and work until their ex", async () => {
    const fake = discord;
    const message = await post(fake, { 'a note.txt': 'hello' });
    const [attachment] = message.attachments;
    const url = new URL(attachment?.url ?? '');
    expect(url.origin).toBe(new URL(fake.apiUrl).origin);
    expect(url.pathname).toBe(`/attachments/${ART}/${attachment?.id}/a%20note.txt`);
    const now = Math.floor(clock.now() / 1000);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ex: (now + 3600).toString(16),
      is: now.toString(16),
      hm: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(attachment?.proxy_url).toBe(attachment?.url);
    expect(await download(url.href)).toEqual({ status: 200, text: 'hello' });

    clock.advance(HOUR - 1000);
    expect((await download(url.href)).status).toBe(200);
    clock.advance(1000);
    expect(await download(url.href)).toEqual({ status: 404, text: 'This content is no longer available.' });
    // Still stored: only the link expired.
    expect(fake.attachmentData(attachment?.id ?? '')?.toString()).toBe('hello');
  });

  it('answer 404 for a link whose signature, expiry, file or channel was changed, or that has none', async () => {
    const fake = discord;
    const [first, second] = (await post(fake, { 'a.txt': 'A', 'b.txt': 'B' })).attachments;
    const url = new URL(first?.url ?? '');
    const changed = (edit: (u: URL) => void) => {
      const copy = new URL(url);
      edit(copy);
      return copy.href;
    };
    const hm = url.searchParams.get('hm') ?? '';
    const ex = url.searchParams.get('ex') ?? '';
    for (const tampered of [
      changed((u) => u.searchParams.set('hm', `${hm.slice(0, -1)}${hm.endsWith('0') ? '1' : '0'}`)),
      changed((u) => u.searchParams.set('ex', (Number.parseInt(ex, 16) + 3600).toString(16))),
      changed((u) => u.searchParams.delete('hm')),
      changed((u) => {
        u.search = '';
      }),
      changed((u) => {
        u.pathname = `/attachments/${ART}/${first?.id}/other.txt`;
      }),
      changed((u) => {
        u.pathname = `/attachments/${ART}/${second?.id}/a.txt`;
      }),
      changed((u) => {
        u.pathname = `/attachments/1200000000000000999/${first?.id}/a.txt`;
      }),
    ]) {
      expect((await download(tampered)).status, tampered).toBe(404);
    }
    expect((await download(second?.url ?? '')).text).toBe('B');
  });

  it('are refreshed by POST /attachments/refresh-urls while their message lists them', async () => {
    const fake = discord;
    const kept = await post(fake, { 'kept.txt': 'kept' });
    const gone = await post(fake, { 'gone.txt': 'gone' });
    const dropped = await post(fake, { 'dropped.txt': 'dropped', 'stays.txt': 'stays' });
    const keptUrl = kept.attachments[0]?.url ?? '';
    clock.advance(2 * HOUR);
    expect((await download(keptUrl)).status).toBe(404);

    await fake.deleteMessage(ART, gone.id);
    // An edit that keeps only the second file drops the first from its message.
    const edit = await fetch(`${fake.apiUrl}/v10/channels/${ART}/messages/${dropped.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bot ${fake.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ attachments: [{ id: dropped.attachments[1]?.id }] }),
    });
    expect(edit.status).toBe(200);

    const asked = [
      keptUrl,
      gone.attachments[0]?.url,
      dropped.attachments[0]?.url,
      dropped.attachments[1]?.url,
      'https://cdn.discordapp.com/attachments/1/2/elsewhere.png?ex=1&is=1&hm=00',
      'not a url',
    ];
    const answer = await refresh(fake, asked);
    expect(answer.status).toBe(200);
    const refreshed = refreshedOf(answer);
    expect(refreshed.map((r) => r.original)).toEqual([keptUrl, dropped.attachments[1]?.url]);
    const [fresh] = refreshed;
    expect(new URL(fresh?.refreshed ?? '').pathname).toBe(new URL(keptUrl).pathname);
    expect(new URL(fresh?.refreshed ?? '').searchParams.get('ex')).toBe(
      (Math.floor(clock.now() / 1000) + 3600).toString(16),
    );
    expect(await download(fresh?.refreshed ?? '')).toEqual({ status: 200, text: 'kept' });
    expect(fake.calls.filter((c) => c.route === 'attachmentRefresh').map((c) => c.body)).toEqual([
      { attachment_urls: asked },
    ]);
  });

  it('refreshes at most 50 links a call, for the bot token only', async () => {
    const fake = discord;
    const url = (await post(fake, { 'a.txt': 'A' })).attachments[0]?.url ?? '';
    expect(refreshedOf(await refresh(fake, Array(50).fill(url)))).toHaveLength(50);
    const tooMany = await refresh(fake, Array(51).fill(url));
    expect(tooMany).toEqual({
      status: 400,
      json: {
        message: 'Invalid Form Body',
        code: 50035,
        errors: {
          attachment_urls: {
            _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 50 or fewer in length.' }],
          },
        },
      },
    });
    expect((await refresh(fake, 'not a list')).status).toBe(400);
    expect((await refresh(fake, [url], 'Bearer some-token')).status).toBe(401);
  });
});
