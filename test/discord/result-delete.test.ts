/**
 * A result card's Delete takes the message's results out of the results index as soon as Discord
 * has deleted it, without waiting for the gateway's word; a refused press removes nothing. The
 * real handler on a discord.js client logged in to the fake Discord, an index in memory.
 */
import type { ButtonInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { deleteResult } from '../../src/discord/generation/result-actions/delete.ts';
import { buildCustomId } from '../../src/discord/interactions/custom-ids.ts';
import type { BotServices } from '../../src/discord/interactions/services.ts';
import { resultFromJob } from '../../src/results/from-job.ts';
import { ResultsRecorder } from '../../src/results/recorder.ts';
import { buttonInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, BOB, DEFAULT_GUILD, GUILD } from '../../testkit/ids.ts';
import { useFakeWithClient } from '../support/fake-discord-client.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { MemoryResultsIndex } from '../support/memory-results-index.ts';
import { recordingLogger } from '../support/recording-logger.ts';
import { jobFixture } from './job-fixture.ts';

const discord = useFakeWithClient(DEFAULT_GUILD);
const MESSAGE = '1300000000000000900';

/** Alice's result on a message of the bot in #art, in the index; `presser` presses its Delete. */
async function press(presser: string) {
  const base = jobFixture();
  const job = { ...base, reply: { ...base.reply, guildId: GUILD, channelId: ART, messageId: MESSAGE } };
  const index = new MemoryResultsIndex();
  const result = resultFromJob(job, {
    messageId: MESSAGE,
    channelId: ART,
    viewChannelId: ART,
    userName: 'alice',
    media: null,
    ageRestricted: false,
  });
  if (!result) throw new Error('no result');
  await index.put(result);
  const { logger } = recordingLogger();
  const services = {
    jobs: { get: async (id: string) => (id === job.generationId ? job : undefined) },
    clock: new ManualClock(),
    logger,
    results: new ResultsRecorder(index, logger),
  } as unknown as BotServices;
  const customId = buildCustomId({ kind: 'result', action: 'delete', generationId: job.generationId });
  const interaction = (await discord.receive(
    buttonInteraction(discord.fake, { channelId: ART, userId: presser, customId, messageId: MESSAGE }),
  )) as ButtonInteraction;
  await deleteResult(interaction, services, job.generationId);
  return { index, job };
}

describe('Delete on a result card', () => {
  it("takes the message's results out of the index once Discord deleted it", async () => {
    const { index, job } = await press(ALICE);
    await index.until(() => !index.results.has(job.generationId));
    expect(discord.fake.calls.filter((c) => c.route === 'messageDelete').map((c) => c.path)).toEqual([
      `/channels/${ART}/messages/${MESSAGE}`,
    ]);
    expect(index.calls.at(-1)).toBe(`removeMessage ${MESSAGE}`);
  });

  it('removes nothing when the press is refused', async () => {
    const { index, job } = await press(BOB);
    expect(discord.fake.calls.filter((c) => c.route === 'messageDelete')).toEqual([]);
    expect(index.calls).toEqual([`put ${job.generationId}`]);
    expect(index.results.has(job.generationId)).toBe(true);
  });
});
