/**
 * The scripted run the README screenshots are taken from: the real bot (startHarness) on the fake
 * Discord and the simulator, driven by members' interactions. It keeps copies of the messages a
 * member would see at each moment (a card is edited later: the confirmation once confirmed), found
 * by structure (the reply to an interaction, the message in a reply's thread, the button whose
 * custom id names an action), never by their wording, which changes and gets translated.
 */
import { type APIInteraction, type APIMessage, InteractionResponseType, type Locale } from 'discord.js';
import { type Harness, startHarness } from '../../testkit/bot-harness.ts';
import type { FakeModal } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, ART, BOB } from '../../testkit/ids.ts';
import { opt } from '../../testkit/options.ts';

/** One picture to take: the messages (or the modal) as they stood, and what README says it shows. */
export interface Shot {
  /** File name under docs/images/, without `.png`. */
  name: string;
  /** README's alt text. */
  alt: string;
  messages: APIMessage[];
  /** A modal instead of messages, drawn by ./modal.ts. */
  modal?: FakeModal;
  /**
   * How far the bot's clock was ahead of the real one when the shot was taken: the run goes 100
   * times faster than real time, and Discord shows a `<t:…:R>` timestamp against the reader's now.
   */
  leadMs: number;
}

/** What the run produced: the shots and the bytes of every attachment, by its URL. */
export interface Capture {
  harness: Harness;
  shots: Shot[];
  files: Map<string, { contentType: string; data: Buffer }>;
}

/**
 * A copy of a message as it is now (the fake edits its stored object in place later). The reply to a
 * slash command gets the `interaction` field Discord still sends beside `interaction_metadata` (the
 * fake sends only the latter), which is what shows "alice used /imagine" above it.
 */
function snapshot(m: APIMessage, command?: APIInteraction): APIMessage {
  const copy = structuredClone(m);
  const meta = copy.interaction_metadata;
  // "/quota report": the command and its sub-command (group), as Discord writes it.
  const data = command?.data as {
    name?: string;
    options?: { type: number; name: string; options?: unknown[] }[];
  };
  let name = data?.name;
  for (let sub = data?.options?.[0]; sub && (sub.type === 1 || sub.type === 2); ) {
    name = `${name} ${sub.name}`;
    sub = sub.options?.[0] as typeof sub;
  }
  if (meta && name) {
    (copy as { interaction?: unknown }).interaction = { id: meta.id, type: meta.type, name, user: meta.user };
  }
  return copy;
}

/** Every button of a message (classic rows or Components V2), depth first. */
function buttonsOf(message: APIMessage): { custom_id?: string }[] {
  const found: { custom_id?: string }[] = [];
  const walk = (nodes: readonly unknown[] | undefined) => {
    for (const raw of nodes ?? []) {
      const node = raw as Record<string, unknown>;
      if (node.type === 2) found.push(node as { custom_id?: string });
      if (Array.isArray(node.components)) walk(node.components);
      if (node.accessory) walk([node.accessory]);
    }
  };
  walk(message.components as unknown[] | undefined);
  return found;
}

/**
 * The custom id of a button for `action`: custom ids are `<kind>:v<n>:<action>:…`
 * (src/discord/interactions/custom-ids.ts), a format the bot keeps stable for cards already posted.
 */
function buttonFor(message: APIMessage, kind: string, action: string): string {
  const id = buttonsOf(message)
    .map((b) => b.custom_id ?? '')
    .find((c) => {
      const [k, , a] = c.split(':');
      return k === kind && a === action;
    });
  if (!id) throw new Error(`message ${message.id} has no ${kind} button "${action}"`);
  return id;
}

export async function capture(options: { locale?: Locale } = {}): Promise<Capture> {
  const h = await startHarness();
  const shots: Shot[] = [];
  const shot = (s: Omit<Shot, 'leadMs'>) => shots.push({ ...s, leadMs: h.clock.now() - Date.now() });
  const as = (userId: string) => ({ userId, ...(options.locale ? { locale: options.locale } : {}) });
  const stored = (channelId: string, id: string): APIMessage => {
    const message = h.discord.messages(channelId).find((m) => m.id === id);
    if (!message) throw new Error(`the fake Discord holds no message ${id} in ${channelId}`);
    return message;
  };

  /**
   * The reply a member sees once the bot has answered: an immediate reply, or a deferred one after
   * its first edit (with files when `withFiles`: the report's chart comes in the edit).
   */
  async function reply(interaction: APIInteraction, withFiles = false): Promise<APIMessage> {
    const callback = await h.callbackOf(interaction);
    const type = (callback.body as { type?: number }).type;
    if (type === InteractionResponseType.DeferredChannelMessageWithSource || withFiles) {
      await h.editOf(interaction, (c) => !withFiles || c.files.length > 0, 30_000);
    }
    const message = h.deliveredMessage(interaction);
    if (!message)
      throw new Error(`interaction ${interaction.id} got no reply message (callback type ${type})`);
    return snapshot(message, interaction);
  }

  /** Runs a generation command and waits until its result is delivered; the card as stored then. */
  async function generate(command: string, opts: ReturnType<typeof opt.string>[], userId = ALICE) {
    const interaction = await h.command(command, opts, as(userId));
    const job = await h.jobDone(interaction);
    await h.bot.delivery.idle();
    if (!job.reply.messageId) throw new Error(`/${command} finished without a reply message`);
    return { interaction, job, card: stored(ART, job.reply.messageId) };
  }

  try {
    // A finished result card with its buttons (Again, Vary, …).
    const result = await generate('imagine', [
      opt.string('prompt', 'a lighthouse on a cliff at dusk, oil painting'),
      opt.string('model', 'lang-image-2'),
      opt.string('aspect_ratio', '16:9'),
    ]);
    shot({
      name: 'result-card',
      alt: 'A finished /imagine result: the image with its prompt and settings, and the buttons Again, Vary and the rest',
      messages: [snapshot(result.card, result.interaction)],
    });

    // Vary's modal: the prompt to edit (and what else the bot asks there).
    const vary = await h.press(result.card.id, buttonFor(result.card, 'result', 'vary'), as(ALICE));
    shot({
      name: 'vary-modal',
      alt: "The Vary button's form: the result's prompt, ready to edit, and a place to add images",
      messages: [],
      modal: structuredClone(await h.modalOf(vary)),
    });

    // A request above the confirmation threshold: the card that asks before spending (a 5 s video
    // of motion-2.0-fast costs more than the default threshold, test/e2e/confirm-costly.test.ts).
    const costly = await h.command(
      'video',
      [
        opt.string('prompt', 'a slow pan over misty hills at sunrise'),
        opt.string('model', 'motion-2.0-fast'),
        opt.integer('duration', 5),
      ],
      as(ALICE),
    );
    const card = await reply(costly);
    shot({
      name: 'confirm-card',
      alt: 'The confirmation a costly request waits for: its price, what is left of the allowance after it, Confirm and Cancel',
      messages: [card],
    });
    // Confirmed, so that /usage and the report have a video among the images.
    const confirmed = await h.press(card.id, buttonFor(card, 'confirmation', 'confirm'), as(ALICE));
    await h.jobDone(confirmed);
    await h.bot.delivery.idle();

    // A generation the service refuses: the failed card and the report in its thread, with the refund.
    // Injected rather than a prompt marker, so the prompt on the card reads like a member's.
    h.sim.injectNext({ fail: 'content' });
    const failed = await generate('imagine', [
      opt.string('prompt', 'a famous cartoon mouse in a spacesuit'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    // The thread opened on the card has the card's id; the bot's report is its message.
    await h.discord.waitForCall(
      (c) => c.route === 'channelMessage' && c.path.includes(`/channels/${failed.card.id}/`),
    );
    const [report] = h.discord.messages(failed.card.id);
    if (!report) throw new Error('the failure report is not in the thread of the failed card');
    shot({
      name: 'failure-refund',
      alt: 'A failed generation: the card marked failed, and the message in its thread saying why and that the cost was refunded',
      messages: [snapshot(stored(ART, failed.card.id), failed.interaction), snapshot(report)],
    });

    // Another member's image, so that the report has more than one member.
    await generate('imagine', [opt.string('prompt', 'a red fox in fresh snow, watercolour')], BOB);

    shot({
      name: 'models',
      alt: '/models: the models members can use, with what each makes and costs',
      messages: [await reply(await h.command('models', [], as(ALICE)))],
    });
    shot({
      name: 'usage',
      alt: "/usage: a member's allowance, what they spent this period and their last generations",
      messages: [await reply(await h.command('usage', [], as(ALICE)))],
    });
    shot({
      name: 'quota-report-reply',
      alt: "/quota report: an admin's summary of the server's spending with its chart (and a CSV of the ledger)",
      messages: [
        await reply(
          await h.command('quota', [opt.subcommand('report', [opt.integer('days', 7)])], as(ADMIN)),
          true,
        ),
      ],
    });

    const files = new Map<string, { contentType: string; data: Buffer }>();
    for (const shot of shots) {
      for (const m of shot.messages) {
        for (const a of m.attachments) {
          const data = h.discord.attachmentData(a.id);
          if (data) files.set(a.url, { contentType: a.content_type ?? 'application/octet-stream', data });
        }
      }
    }
    return { harness: h, shots, files };
  } catch (error) {
    await h.close().catch(() => undefined);
    throw error;
  }
}
