/**
 * Turns the raw messages the fake Discord stored into a page drawn like Discord's client:
 * discord-html-transcripts renders discord.js Message objects (Components V2 included) with
 * @derockdev/discord-components. The Message objects are made by the bot's own client, which knows
 * the server, its channels and members, so mentions and names come out as in Discord.
 */
import { createRequire } from 'node:module';
import type { APIMessage, Client, Message, TextChannel, ThreadChannel } from 'discord.js';
import { ExportReturnType, generateFromMessages } from 'discord-html-transcripts';

/** The name the bot shows in the pictures; the fake Discord calls every bot "Fake Bot". */
const BOT_NAME = 'Media Bot';

const IS_COMPONENTS_V2 = 1 << 15;

/**
 * One fix to the renderer (3.3.0): it puts the text of a Components V2 Text Display straight into the
 * container's flex column, so each bold run, mention and line of it becomes a line of its own, and two
 * Text Displays run together. Wrapping the text it renders in a block (keeping the message's line
 * breaks) draws it as Discord does. Its modules are CommonJS and look `default` up at each call, so
 * replacing the export reaches every use.
 */
function wrapTextInBlocks(): void {
  const require = createRequire(import.meta.url);
  const content = require('discord-html-transcripts/dist/generator/renderers/content.js') as {
    default: (props: { context: { type: number } }) => unknown;
    RenderType: { NORMAL: number; WEBHOOK: number };
  };
  const react = require(
    require.resolve('react', { paths: [require.resolve('discord-html-transcripts')] }),
  ) as {
    createElement: (type: unknown, props: unknown, ...children: unknown[]) => unknown;
  };
  const render = content.default;
  const { NORMAL, WEBHOOK } = content.RenderType;
  content.default = (props) =>
    props.context.type === NORMAL || props.context.type === WEBHOOK
      ? react.createElement('div', { style: { whiteSpace: 'pre-wrap' } }, react.createElement(render, props))
      : render(props);
}
wrapTextInBlocks();

/**
 * The message as a member sees it in Discord, where the raw payload and the renderer differ:
 * - a Components V2 message shows its files only where its components put them, not again below;
 * - `<t:…:R>` timestamps were written on the bot's clock, which ran ahead of the real one in the
 *   run (leadMs); they are moved back so "in 5 minutes" reads as it did for the member (a date
 *   shown as a date, like the next reset, stays as the bot wrote it);
 * - no "(edited)": cards are edited in place as a job goes on, and the renderer puts the mark under
 *   the name where Discord shows none for an interaction's reply;
 * - the bot's name instead of the fake's.
 */
function asSeen(raw: APIMessage, leadMs: number): APIMessage {
  const json = JSON.stringify(raw).replace(
    /<t:(\d+):R>/g,
    (_, seconds: string) => `<t:${Math.round(Number(seconds) - leadMs / 1000)}:R>`,
  );
  const message = JSON.parse(json) as APIMessage;
  if ((message.flags ?? 0) & IS_COMPONENTS_V2) message.attachments = [];
  message.edited_timestamp = null;
  if (message.author.bot) {
    message.author.username = BOT_NAME;
    message.author.global_name = BOT_NAME;
  }
  return message;
}

/**
 * Builds discord.js Messages from raw payloads. A message in a thread becomes the thread's last
 * message, so the card the thread hangs on previews it as Discord does (set on the thread itself:
 * the bot keeps no messages in its cache, src/discord/gateway/cache-limits.ts).
 */
function messagesOf(client: Client, raws: APIMessage[]): Message[] {
  // MessageManager#_add is how discord.js itself turns a payload into a Message; it is internal,
  // hence the cast (a discord.js upgrade that renames it fails here, loudly).
  type Manager = { _add(data: APIMessage, cache: boolean): Message };
  const messages = raws.map((raw) => {
    const channel = client.channels.cache.get(raw.channel_id) as TextChannel | ThreadChannel | undefined;
    if (!channel) throw new Error(`the bot's client does not know channel ${raw.channel_id}`);
    return (channel.messages as unknown as Manager)._add(raw, false);
  });
  for (const message of messages) {
    const thread = message.thread;
    const last = raws.filter((raw) => raw.channel_id === thread?.id).at(-1);
    if (!thread || !last) continue;
    const lastMessage = (thread.messages as unknown as Manager)._add(last, false);
    Object.defineProperty(thread, 'lastMessage', { value: lastMessage, configurable: true });
  }
  return messages;
}

/**
 * The HTML of these messages, hydrated on the server: the page needs no script from a CDN (the
 * renderer otherwise loads its web components from jsdelivr, and the screenshots run offline).
 */
export async function transcriptHtml(client: Client, raws: APIMessage[], leadMs: number): Promise<string> {
  const messages = messagesOf(
    client,
    raws.map((raw) => asSeen(raw, leadMs)),
  );
  const first = messages[0];
  if (!first) throw new Error('no messages to render');
  // The renderer is CommonJS and sees discord.js's CommonJS typings; the objects are the same.
  type Rendered = Parameters<typeof generateFromMessages>;
  return generateFromMessages(messages as unknown as Rendered[0], first.channel as unknown as Rendered[1], {
    returnType: ExportReturnType.String,
    hydrate: true,
    poweredBy: false,
    saveImages: false,
  });
}
