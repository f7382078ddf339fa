/**
 * A bug in a handler is told to the member with only its error id, in their language, however far
 * the handler got. Once the reply has become a Components V2 card it can never carry `content`
 * again: Discord refuses the edit, so the member is told in a private follow-up instead of nothing.
 */
import {
  ApplicationCommandType,
  type ChatInputCommandInteraction,
  ComponentType,
  Events,
  Locale,
  MessageFlags,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { BotInteractions, Command } from '../../src/discord/interactions/command.ts';
import { createRouter } from '../../src/discord/interactions/router.ts';
import type { BotServices } from '../../src/discord/interactions/services.ts';
import { createLogger } from '../../src/log.ts';
import { chatInputInteraction, type RecordedCall } from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD } from '../../testkit/ids.ts';
import { type FakeWithClient, startFakeWithClient } from '../support/fake-discord-client.ts';

let w: FakeWithClient | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

/**
 * A command whose reply becomes a card while it still runs, then fails: what happens when a fast
 * result is delivered (by the poller, through the interaction's webhook) before the handler that
 * submitted it has finished, and the handler then hits a bug. The handler's own `interaction` has
 * not replied: only the webhook edited the message.
 */
const failsAfterCard: Command = {
  data: { type: ApplicationCommandType.ChatInput, name: 'card-then-bug', description: 'test' },
  async execute(interaction: ChatInputCommandInteraction) {
    await interaction.deferReply();
    await interaction.webhook.editMessage('@original', {
      flags: MessageFlags.IsComponentsV2,
      components: [{ type: ComponentType.TextDisplay, content: 'the card' }],
    });
    throw new Error('a bug after the card');
  },
};

async function run(locale: Locale) {
  w = await startFakeWithClient({
    id: GUILD,
    channels: [{ id: ART, name: 'art' }],
    members: [{ userId: ALICE }],
  });
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(line) } });
  const interactions: BotInteractions = { commands: [failsAfterCard], messageCommands: [], components: [] };
  const router = createRouter(interactions, { logger } as unknown as BotServices);
  const handled = new Promise<void>((resolve) =>
    w?.client.once(Events.InteractionCreate, (i) => void router(i).then(resolve)),
  );
  const payload = chatInputInteraction(w.fake, {
    commandName: 'card-then-bug',
    channelId: ART,
    userId: ALICE,
    locale,
  });
  await w.fake.sendInteraction(payload);
  await handled;
  return { payload, lines, calls: w.fake.calls as RecordedCall[] };
}

describe("the router's answer to a bug", () => {
  it('tells the member privately, in their language, when the reply is already a card', async () => {
    const { payload, lines, calls } = await run(Locale.German);
    const followUp = calls.find((c) => c.route === 'webhookFollowup' && c.path.includes(payload.token));
    const body = followUp?.body as { content: string; flags: number };
    expect(body.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    const errorId = /"errorId":"([0-9a-f]+)"/.exec(lines.join(''))?.[1];
    expect(errorId).toMatch(/^[0-9a-f]{8}$/);
    expect(body.content).toContain(errorId);
    expect(body.content).not.toContain('a bug after the card');
    expect(body.content).not.toMatch(/Something went wrong/);
    // The card stays as it was drawn: the refused edit changed nothing.
    const edits = calls.filter((c) => c.route === 'webhookEdit' && c.path.includes(payload.token));
    expect(edits.map((c) => [c.status, (c.body as { flags?: number }).flags])).toEqual([
      [200, MessageFlags.IsComponentsV2],
      [400, undefined],
    ]);
  });
});
