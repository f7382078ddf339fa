/** Where the moderation log puts a prompt behind a spoiler: an age-restricted channel, a thread of one, or a channel it cannot tell. */
import { describe, expect, it } from 'vitest';
import { askedAgeRestricted } from '../../src/discord/generation/channel-rules.ts';

const thread = (parent: { nsfw?: boolean } | null) => ({ isThread: () => true, parent });
const channel = (nsfw: boolean) => ({ isThread: () => false, nsfw });

describe('a prompt asked in an age-restricted place, for the moderation log', () => {
  it('is one in an age-restricted channel or a thread of one, not in another channel or its thread', () => {
    expect(askedAgeRestricted({ channel: channel(true) })).toBe(true);
    expect(askedAgeRestricted({ channel: thread({ nsfw: true }) })).toBe(true);
    expect(askedAgeRestricted({ channel: channel(false) })).toBe(false);
    expect(askedAgeRestricted({ channel: thread({ nsfw: false }) })).toBe(false);
  });

  it('is one where the bot cannot tell: no channel, or a thread whose parent it does not know', () => {
    expect(askedAgeRestricted({ channel: null })).toBe(true);
    expect(askedAgeRestricted({ channel: thread(null) })).toBe(true);
  });
});
