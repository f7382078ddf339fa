/**
 * A batch's card follows every change of its takes, also those made after the batch was sent: a
 * take whose POST got a 500 (and created nothing) is released by the recovery sweep minutes later,
 * after the other take was delivered, and the card is drawn again to say so.
 */
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { ALICE, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { bodyOf, takeLines } from './card-helpers.ts';

const h = useHarness({ proxy: true });

const isPostOfGeneration = (req: { method: string; url: string }) =>
  req.method === 'POST' && req.url.endsWith('/generations');

const isDone = (line: string) => /^\*\*\d\*\* · done/.test(line);

/** A card edit where no take waits to be sent any more. */
const noneWaiting = (c: RecordedCall) => {
  const lines = takeLines(bodyOf(c));
  return lines.length > 0 && !lines.some((l) => l.endsWith('· waiting to be sent'));
};

describe("a batch's card after the sweep", () => {
  it('shows a take that the service answered with 500 as not sent once the sweep releases it', async () => {
    let posts = 0;
    // The second take's POST: a 500, and nothing created at the service, answered only once the
    // first take is shown done (so the sweep cannot have released it before).
    let answerTheSecond!: () => void;
    const secondAnswered = new Promise<void>((resolve) => {
      answerTheSecond = resolve;
    });
    h.proxy?.handle(async (req, forward) => {
      if (!isPostOfGeneration(req)) return forward();
      posts += 1;
      if (posts !== 2) return forward();
      await secondAnswered;
      return { status: 500, json: { message: 'internal error' } };
    });
    const command = await h.command('imagine', [
      opt.string('prompt', 'a lighthouse at dusk'),
      opt.string('model', 'lang-4o-image'),
      opt.integer('count', 2),
    ]);
    // One take is delivered while the other is still unconfirmed. (The takes send the same body,
    // and their POSTs may reach the proxy in either order: which take failed is not known.)
    const delivered = await h.editOf(
      command,
      // Done, shown as a link: the simulator's file is not on the configured service's origin.
      (c) => takeLines(bodyOf(c)).some(isDone),
      15_000,
    );
    expect(takeLines(bodyOf(delivered)).filter((l) => l.endsWith('· waiting to be sent'))).toHaveLength(1);
    answerTheSecond();
    // The sweep (2 minutes' grace, then every minute, on the harness's fast clock) finds nothing
    // at the service and releases it: the card is drawn again.
    const final = await h.editOf(command, noneWaiting, 15_000);
    const lines = takeLines(bodyOf(final));
    expect(lines.filter(isDone)).toHaveLength(1);
    expect(lines.filter((l) => l.endsWith('· not sent, nothing charged'))).toHaveLength(1);
    const figures = await h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });
    expect(figures).toMatchObject({ reservedMicros: 0, spentMicros: 20_000 });
  });

  it('shows it as not sent when a restart releases it', async () => {
    let posts = 0;
    h.proxy?.handle(async (req, forward) => {
      if (!isPostOfGeneration(req)) return forward();
      posts += 1;
      return posts === 2 ? { status: 500, json: { message: 'internal error' } } : forward();
    });
    const command = await h.command('imagine', [
      opt.string('prompt', 'a harbour at night'),
      opt.string('model', 'lang-4o-image'),
      opt.integer('count', 2),
    ]);
    await h.editOf(command, (c) => takeLines(bodyOf(c)).some(isDone), 15_000);
    // Restarted before the sweep's grace: the start resolves the unconfirmed take and redraws.
    await h.restart();
    const final = await h.editOf(command, noneWaiting, 15_000);
    expect(takeLines(bodyOf(final)).filter((l) => l.endsWith('· not sent, nothing charged'))).toHaveLength(1);
  });
});
