import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';

const GUILD = '1200000000000000001';
const ART = '1200000000000000002';

let fake: FakeDiscord;

beforeEach(async () => {
  fake = await startFakeDiscord({
    guilds: [{ id: GUILD, name: 'Art Club', channels: [{ id: ART, name: 'art' }] }],
  });
});

afterEach(async () => {
  // The invalid bodies below are sent on purpose: forget them so close() checks only the rest.
  fake.violations.length = 0;
  await fake.close();
});

/** Post a message body to the fake as the bot, as JSON or as multipart `payload_json`. */
async function post(body: unknown, multipart = false): Promise<{ status: number; json: unknown }> {
  const url = `${fake.apiUrl}/v10/channels/${ART}/messages`;
  const headers = { authorization: `Bot ${fake.botToken}` };
  let init: RequestInit;
  if (multipart) {
    const form = new FormData();
    form.append('payload_json', JSON.stringify(body));
    form.append('files[0]', new Blob([Buffer.from('hello')], { type: 'text/plain' }), 'hello.txt');
    init = { method: 'POST', headers, body: form };
  } else {
    init = {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
  }
  const res = await fetch(url, init);
  return { status: res.status, json: await res.json() };
}

describe("the fake Discord checks request bodies against Discord's OpenAPI description", () => {
  it('refuses an embed title over 256 characters with 400/50035 and records the violation', async () => {
    const res = await post({ embeds: [{ title: 'x'.repeat(300) }] });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: 50035,
      message: 'Invalid Form Body',
      errors: { embeds: { 0: { title: { _errors: [{ code: 'OPENAPI_SCHEMA' }] } } } },
    });
    expect(fake.violations).toHaveLength(1);
    expect(fake.violations[0]).toMatchObject({
      method: 'POST',
      path: `/channels/${ART}/messages`,
      operation: '/channels/{channel_id}/messages',
    });
    expect(fake.violations[0]?.errors.join('\n')).toContain('/embeds/0/title');
    expect(fake.messages(ART)).toHaveLength(0);
  });

  it('refuses a component of an unknown type sent in the payload_json of a multipart body', async () => {
    const res = await post({ content: 'hi', components: [{ type: 99 }] }, true);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 50035 });
    expect(fake.violations.map((v) => v.errors.join(' '))).toEqual([
      expect.stringContaining('/components/0'),
    ]);
  });

  it('accepts a valid message with an embed, a button and a file, and records nothing', async () => {
    const body = {
      content: 'done',
      embeds: [{ title: 'A cat', description: 'in a hat', color: 0x5865f2 }],
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Again', custom_id: 'again:1' }] }],
      attachments: [{ id: '0', filename: 'hello.txt' }],
    };
    const res = await post(body, true);
    expect(res.status).toBe(200);
    expect(fake.violations).toEqual([]);
    expect(fake.messages(ART).map((m) => m.content)).toEqual(['done']);
  });

  it('fails close() with the route and the schema error when a violation was recorded', async () => {
    await post({ embeds: [{ title: 'x'.repeat(300) }] });
    const closing = fake.close();
    // afterEach closes a fresh fake; this one is closed here and must report what it refused.
    fake = await startFakeDiscord();
    await expect(closing).rejects.toThrow(
      /POST \/channels\/1200000000000000002\/messages \(\/channels\/\{channel_id\}\/messages\): \/embeds\/0\/title must NOT have more than 256 characters/,
    );
  });
});
