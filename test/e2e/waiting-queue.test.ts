import { afterEach, describe, expect, it } from 'vitest';
import { BOB, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import type { RecordedCall } from '../support/fake-discord.ts';
import { type Answer, fieldsOf } from './quota-helpers.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const bodyOf = (c: RecordedCall) => c.body as Partial<Answer>;
describe('the expected finish', () => {
  it('is shown on a generating request once the bot has seen that model finish, and not before', async () => {
    const harness = await startHarness();
    h = harness;
    const first = await harness.command('imagine', [opt.string('prompt', 'first [sim:duration=20000]')]);
    const firstQueued = bodyOf(await harness.editOf(first, (c) => (bodyOf(c).embeds?.length ?? 0) > 0));
    expect(fieldsOf(firstQueued.embeds?.[0])['Expected to finish']).toBeUndefined();
    await harness.jobDone(first);

    const second = await harness.command('imagine', [opt.string('prompt', 'second [sim:duration=20000]')], {
      userId: BOB,
    });
    const generating = bodyOf(
      await harness.editOf(second, (c) => String(bodyOf(c).embeds?.[0]?.title).endsWith('Generating…')),
    );
    const fields = fieldsOf(generating.embeds?.[0]);
    expect(fields['Expected to finish']).toMatch(/^<t:\d+:R>$/);
    const submitted = Number(/<t:(\d+):R>/.exec(fields.Submitted ?? '')?.[1]);
    const expected = Number(/<t:(\d+):R>/.exec(fields['Expected to finish'] ?? '')?.[1]);
    // About the 20 s (service time) the first one took.
    expect(expected - submitted).toBeGreaterThanOrEqual(18);
    expect(expected - submitted).toBeLessThanOrEqual(23);
    await harness.jobDone(second);
  });
});
