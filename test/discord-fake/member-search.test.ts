/**
 * The fake's GET /guilds/{id}/members/search, as Discord answers it: members whose username or
 * server nickname starts with the query, whatever the case, at most `limit` (1 when not given).
 */
import { describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { perTest } from '../support/per-test.ts';

const GUILD = '1200000000000000001';
const OTHER = '1200000000000000002';
const ALICE = '1200000000000000010';
const ALBERT = '1200000000000000011';
const BOB = '1200000000000000012';
const CAROL = '1200000000000000013';

const w = perTest<{ fake: FakeDiscord }>(
  'fake Discord',
  async () => ({
    fake: await startFakeDiscord({
      guilds: [
        {
          id: GUILD,
          members: [
            { userId: ALICE, username: 'alice' },
            { userId: ALBERT, username: 'Albert', nick: 'Bertie' },
            { userId: BOB, username: 'bob', nick: 'ALF' },
            { userId: CAROL, username: 'carol' },
          ],
        },
      ],
    }),
  }),
  ({ fake }) => fake.close(),
);

async function search(query: Record<string, string>, guildId = GUILD) {
  const res = await fetch(
    `${w.fake.apiUrl}/v10/guilds/${guildId}/members/search?${new URLSearchParams(query)}`,
    {
      headers: { authorization: `Bot ${w.fake.botToken}` },
    },
  );
  return { status: res.status, json: (await res.json()) as unknown };
}

const ids = (json: unknown) => (json as { user: { id: string } }[]).map((m) => m.user.id);

describe('GET /guilds/{id}/members/search', () => {
  it('finds by a prefix of the username or the nickname, whatever the case', async () => {
    expect(ids((await search({ query: 'AL', limit: '10' })).json)).toEqual([ALICE, ALBERT, BOB]);
    expect(ids((await search({ query: 'bErT', limit: '10' })).json)).toEqual([ALBERT]);
    // A prefix, not a part: "ice" is inside "alice" but starts nobody's name.
    expect(ids((await search({ query: 'ice', limit: '10' })).json)).toEqual([]);
    const [bob] = (await search({ query: 'alf', limit: '10' })).json as { nick: string | null }[];
    expect(bob).toMatchObject({ nick: 'ALF', user: { id: BOB, username: 'bob' } });
    expect(w.fake.calls.map((c) => c.route)).toEqual(Array(4).fill('guildMemberSearch'));
  });

  it('answers at most `limit` members, one when not given', async () => {
    expect(ids((await search({ query: 'a', limit: '2' })).json)).toEqual([ALICE, ALBERT]);
    expect(ids((await search({ query: 'a' })).json)).toEqual([ALICE]);
  });

  it('refuses what Discord refuses: no query, a limit outside 1..1000; and an unknown server', async () => {
    const refused: Record<string, string>[] = [
      {},
      { query: '' },
      { query: 'a', limit: '0' },
      { query: 'a', limit: '1001' },
    ];
    for (const query of refused) {
      expect(await search(query)).toMatchObject({ status: 400, json: { code: 50035 } });
    }
    expect(await search({ query: 'a', limit: '1000' })).toMatchObject({ status: 200 });
    expect(await search({ query: 'a' }, OTHER)).toMatchObject({ status: 404, json: { code: 10004 } });
  });
});
