/**
 * A job keeps the name of the member who asked, as the server showed it then (the results
 * gallery's "by"): their nickname in the server, else their global name. From /imagine through
 * the whole bot to the stored job.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, opt, useHarness } from '../support/bot-harness.ts';

const NICKS_GUILD = '1300000000000000101';
const NICKS_CHANNEL = '1300000000000000102';

const h = useHarness({
  extraGuilds: [
    {
      id: NICKS_GUILD,
      name: 'Nicknames',
      channels: [{ id: NICKS_CHANNEL, name: 'studio' }],
      members: [{ userId: ALICE, username: 'alice', nick: 'Ali of the Studio' }],
    },
  ],
});

describe("the requester's name on a job", () => {
  it('is their nickname in the server, else their global name', async () => {
    const nicked = await h.command('imagine', [opt.string('prompt', 'a lighthouse')], {
      guildId: NICKS_GUILD,
      channelId: NICKS_CHANNEL,
    });
    expect((await h.jobDone(nicked)).reply.userName).toBe('Ali of the Studio');
    const plain = await h.command('imagine', [opt.string('prompt', 'a harbour')]);
    expect((await h.jobDone(plain)).reply.userName).toBe('alice');
  });
});
