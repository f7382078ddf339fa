/** Reading the result card (a Components V2 message) in what the bot sent to the fake Discord. */
import { type APIEmbed, ComponentType, MessageFlags } from 'discord.js';
import type { RecordedCall } from '../../testkit/fake-discord.ts';

export interface SentBody {
  content?: string;
  embeds?: APIEmbed[];
  components?: unknown[];
  flags?: number;
  allowed_mentions?: { parse?: string[]; users?: string[] };
}

export const bodyOf = (call: RecordedCall) => call.body as SentBody;

/** Whether the call sent the result card: a Components V2 message. */
export const isCard = (call: RecordedCall) => ((bodyOf(call).flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;

/**
 * Whether the call shows the job's embed (queued, generating, failed): the reply once the request
 * was sent. Not the first edit of the reply in every run: a request whose POST is not answered
 * within 2 s of the bot's clock (20 ms of wall time at the harness's scale; a busy machine) first
 * gets the waiting view, which has no embed.
 */
export const showsJob = (call: RecordedCall) => (bodyOf(call).embeds?.length ?? 0) > 0;

type Node = { type: number; components?: Node[]; items?: { media: { url: string } }[] };

/** The media gallery URLs of a message (sent or stored), in order. */
export function galleryOf(message: { components?: readonly unknown[] | null }): string[] {
  const urls: string[] = [];
  const walk = (nodes: readonly Node[] | undefined) => {
    for (const n of nodes ?? []) {
      if (n.type === ComponentType.MediaGallery) urls.push(...(n.items ?? []).map((i) => i.media.url));
      walk(n.components);
    }
  };
  walk((message.components ?? undefined) as Node[] | undefined);
  return urls;
}

type TextNode = { type: number; content?: string; components?: TextNode[] };

/** Every Text Display's content of a V2 message, in order. */
export function textsOf(message: { components?: readonly unknown[] | null }): string[] {
  const texts: string[] = [];
  const walk = (nodes: readonly TextNode[] | undefined) => {
    for (const n of nodes ?? []) {
      if (n.type === ComponentType.TextDisplay && n.content) texts.push(n.content);
      walk(n.components);
    }
  };
  walk((message.components ?? undefined) as TextNode[] | undefined);
  return texts;
}

/** The take lines of a batch card: `**n** · state`. */
export const takeLines = (message: { components?: readonly unknown[] | null }) =>
  textsOf(message)
    .flatMap((t) => t.split('\n'))
    .filter((line) => /^\*\*\d\*\* · /.test(line));
