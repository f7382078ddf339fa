import type { APIInteraction } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { chatInputInteraction, faults, type RecordedCall } from '../../testkit/fake-discord.ts';
import { ALICE, ART, componentsOf, GUILD, opt, textOf, useHarness } from '../support/bot-harness.ts';
import { bodyOf, galleryOf, isCard } from './card-helpers.ts';

const h = useHarness();

const posts = () => h.sim.requests.filter((r) => r.method === 'POST');
const downloads = () => h.sim.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/files/'));
const uploads = (interaction: APIInteraction) =>
  h.discord.calls.filter((c) => c.path.includes(interaction.token) && c.files.length > 0);
const aliceQuota = () => h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });

describe("a result delivered before the handler's queued card", () => {
  /** The edit that would put the queued embed over the reply. */
  const queuedEdit = (r: { route: string; body: unknown }) =>
    r.route === 'webhookEdit' &&
    (r.body as { embeds?: { title?: string }[] } | undefined)?.embeds?.[0]?.title === 'Image · Queued';

  /** Another process's poller delivered every open job meanwhile: its result card refuses the embed. */
  const deliveredElsewhere = async () => {
    for (const job of await h.bot.services.jobs.open())
      await h.bot.services.jobs.update(job.generationId, () => ({ step: 'done' }));
  };

  /** Discord refuses the queued card's edit (400, Invalid Form Body), with `meanwhile` run while it is in flight. */
  const refuseQueuedEdit = (meanwhile?: () => Promise<void>) =>
    h.discord.injectFault({
      kind: 'refuse',
      status: 400,
      code: 50035,
      message: 'Invalid Form Body',
      match: queuedEdit,
      ...(meanwhile ? { meanwhile } : {}),
    });

  const errorFollowUps = (interaction: APIInteraction) =>
    h.discord.calls.filter((c) => c.route === 'webhookFollowup' && c.path.includes(interaction.token));

  it('is left as it is, and the member is told of no error', async () => {
    refuseQueuedEdit(deliveredElsewhere);
    const interaction = await h.command('imagine', [opt.string('prompt', 'a lighthouse in fog')]);
    await h.discord.waitForCall((c) => queuedEdit(c) && c.status === 400);
    await vi.waitFor(() => expect(h.logs.join('')).toContain('the result came before the queued card'));
    expect(h.logs.join('')).not.toContain('interaction handler failed');
    expect(errorFollowUps(interaction)).toEqual([]);
  });

  it('is a bug when the job was not delivered: the reply says so, with only an error id', async () => {
    refuseQueuedEdit();
    const interaction = await h.command('imagine', [opt.string('prompt', 'a lighthouse in fog')]);
    const contentOf = (c: RecordedCall) => (c.body as { content?: string }).content ?? '';
    const told = await h.editOf(interaction, (c) => /`[0-9a-f]{8}`/.test(contentOf(c)));
    const errorId = /"errorId":"([0-9a-f]{8})"[^\n]*interaction handler failed/.exec(h.logs.join(''))?.[1];
    expect(contentOf(told)).toContain(`\`${errorId}\``);
  });
});

describe('delivery when Discord answers badly', () => {
  it('carries on when the defer reached Discord but its answer was lost (40060 on the retry): delivered and charged once', async () => {
    const interaction = chatInputInteraction(h.discord, {
      commandName: 'imagine',
      options: [opt.string('prompt', 'a lighthouse in fog')],
      channelId: ART,
      userId: ALICE,
    });
    h.discord.injectFault(faults.lostCallbackAnswer(interaction.id));
    await h.discord.sendInteraction(interaction);

    await h.editOf(interaction);
    const job = await h.jobDone(interaction);
    const callbacks = h.discord.calls.filter(
      (c) => c.route === 'interactionCallback' && c.path.includes(`/${interaction.id}/`),
    );
    // The fault did happen: the first answer was lost, discord.js's retry met 40060.
    expect(callbacks.map((c) => [c.status, (c.response as { code?: number } | undefined)?.code])).toEqual([
      [502, 0],
      [400, 40060],
    ]);
    expect(job.deliveredVia).toBe('interaction');
    expect(uploads(interaction)).toHaveLength(1);
    expect(isCard(uploads(interaction)[0] as RecordedCall)).toBe(true);
    expect(posts()).toHaveLength(1);
    const quota = await aliceQuota();
    expect([quota.spentMicros, quota.reservedMicros]).toEqual([job.chargedMicros, 0]);
    expect(job.chargedMicros).toBeGreaterThan(0);
  });

  it('carries on when every answer to the defer was lost (5xx until discord.js gave up) but Discord shows the deferred reply', async () => {
    const interaction = chatInputInteraction(h.discord, {
      commandName: 'imagine',
      options: [opt.string('prompt', 'a lighthouse at night')],
      channelId: ART,
      userId: ALICE,
    });
    // discord.js sends a callback up to four times (three retries of a 5xx): every answer is lost.
    h.discord.injectFault({ ...faults.lostCallbackAnswer(interaction.id), times: Number.POSITIVE_INFINITY });
    await h.discord.sendInteraction(interaction);

    await h.editOf(interaction);
    const job = await h.jobDone(interaction);
    const callbacks = h.discord.calls.filter(
      (c) => c.route === 'interactionCallback' && c.path.includes(`/${interaction.id}/`),
    );
    expect(callbacks.map((c) => c.status)).toEqual([502, 502, 502, 502]);
    expect(job.deliveredVia).toBe('interaction');
    expect(uploads(interaction)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    const quota = await aliceQuota();
    expect([quota.spentMicros, quota.reservedMicros]).toEqual([job.chargedMicros, 0]);
  });

  it('reuses a thread that already exists on the reply to report a failure, instead of the channel', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'a red fox [sim:fail=content] [sim:duration=3000]'),
    ]);
    await h.editOf(interaction);
    const reply = h.discord.originalMessage(interaction.token);
    // A thread an earlier process opened before it died, with no report in it yet.
    const opened = await fetch(`${h.discord.apiUrl}/v10/channels/${ART}/messages/${reply?.id}/threads`, {
      method: 'POST',
      headers: { authorization: `Bot ${h.discord.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Failed: a red fox' }),
    });
    expect(opened.status).toBe(201);

    const job = await h.jobDone(interaction);
    expect(job).toMatchObject({ status: 'failed', reported: true });
    const reports = (channelId: string) =>
      h.discord.messages(channelId).filter((m) => m.content.includes(job.generationId));
    expect([reports(reply?.id ?? '').length, reports(ART).length]).toEqual([1, 0]);
  });

  it('delivers the link once when Discord refuses the upload with 413, instead of uploading again and again', async () => {
    h.discord.injectFault(faults.uploadsTooLarge());
    const interaction = await h.command('imagine', [opt.string('prompt', 'a lighthouse in a gale')]);

    await h.editOf(interaction, isCard);
    const job = await h.jobDone(interaction);
    // What the member sees: the last edit Discord took.
    const final = h.discord.calls.findLast(
      (c) => c.route === 'webhookEdit' && c.path.includes(interaction.token) && c.status === 200,
    ) as RecordedCall;
    expect(isCard(final)).toBe(true);
    expect(final.files).toEqual([]);
    expect(textOf(bodyOf(final))).toMatch(/larger than this channel accepts/);
    expect(galleryOf(bodyOf(final))).toEqual([job.output?.url]);
    expect(componentsOf(bodyOf(final)).find((b) => b.url !== undefined)?.url).toBe(job.output?.url);
    expect(job).toMatchObject({ step: 'done', deliveredVia: 'interaction' });
    expect(uploads(interaction).length).toBeGreaterThan(0);
    expect(uploads(interaction).length).toBeLessThanOrEqual(2);
    expect(downloads().length).toBeLessThanOrEqual(2);
    // Nothing keeps retrying behind the scenes.
    await h.bot.delivery.idle();
    expect(h.doneCount.get(interaction.token)).toBe(1);
    expect(uploads(interaction).length).toBeLessThanOrEqual(2);
  });
});
