/**
 * Discord's rules for a message's components, classic (action rows) or Components V2 (the
 * IsComponentsV2 flag), and how it resolves `attachment://name` media inside them.
 */
import { type APIAttachment, ComponentType, MessageFlags } from 'discord.js';

type Node = Record<string, unknown>;

/** Components V2: at most 40 components in all, nested ones included. */
const MAX_V2_COMPONENTS = 40;
/** Components V2: the text of all Text Displays together. */
const MAX_V2_TEXT = 4000;
const MAX_ACTION_ROWS = 5;
const ATTACHMENT_SCHEME = 'attachment://';

export function isComponentsV2(flags: number | undefined): boolean {
  return ((flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;
}

/** Every component of a tree, depth first, with the children of rows, containers and sections. */
function walk(nodes: readonly unknown[] | undefined, visit: (n: Node) => void): void {
  for (const raw of nodes ?? []) {
    if (typeof raw !== 'object' || raw === null) continue;
    const node = raw as Node;
    visit(node);
    if (Array.isArray(node.components)) walk(node.components, visit);
    if (node.accessory) walk([node.accessory], visit);
  }
}

/** The media objects that may name an upload: gallery items, a thumbnail, a file. */
function mediaOf(n: Node): Node[] {
  if (n.type === ComponentType.MediaGallery && Array.isArray(n.items)) {
    return (n.items as Node[]).map((item) => item.media as Node).filter(Boolean);
  }
  if (n.type === ComponentType.Thumbnail && n.media) return [n.media as Node];
  if (n.type === ComponentType.File && n.file) return [n.file as Node];
  return [];
}

/**
 * A copy of the components in which every `attachment://name` naming one of the message's attachments is
 * the uploaded file, as Discord returns it (url, proxy_url, size, type, attachment_id); an unknown name
 * stays as sent, and `componentsProblem` refuses it.
 */
export function resolveComponents(components: unknown[], attachments: APIAttachment[]): unknown[] {
  const copy = structuredClone(components);
  walk(copy, (n) => {
    for (const media of mediaOf(n)) {
      const url = typeof media.url === 'string' ? media.url : '';
      if (!url.startsWith(ATTACHMENT_SCHEME)) continue;
      const match = attachments.find((a) => a.filename === url.slice(ATTACHMENT_SCHEME.length));
      if (!match) continue;
      Object.assign(media, {
        url: match.url,
        proxy_url: match.proxy_url,
        attachment_id: match.id,
        ...(match.content_type ? { content_type: match.content_type } : {}),
        ...(match.width === undefined ? {} : { width: match.width, height: match.height ?? null }),
      });
    }
  });
  return copy;
}

/**
 * Why Discord would refuse these components, or null. Classic: only action rows, at most five.
 * V2: no content or embeds beside them, at least one, at most 40 in all, 4000 characters of text, and
 * every `attachment://` naming an uploaded file (a File component takes nothing else).
 */
export function componentsProblem(message: {
  content: string;
  embeds: unknown[];
  components?: unknown[];
  flags?: number;
}): string | null {
  const components = message.components ?? [];
  if (!isComponentsV2(message.flags)) {
    if (components.some((c) => (c as Node).type !== ComponentType.ActionRow)) {
      return 'components: only action rows are allowed without the IS_COMPONENTS_V2 flag';
    }
    return components.length > MAX_ACTION_ROWS ? 'components: at most 5 action rows' : null;
  }
  if (message.content) return 'content: cannot be used with the IS_COMPONENTS_V2 flag';
  if (message.embeds.length > 0) return 'embeds: cannot be used with the IS_COMPONENTS_V2 flag';
  if (components.length === 0) return 'components: a Components V2 message needs at least one component';
  let count = 0;
  let text = 0;
  let problem: string | null = null;
  walk(components, (n) => {
    count++;
    if (n.type === ComponentType.TextDisplay && typeof n.content === 'string') text += n.content.length;
    for (const media of mediaOf(n)) {
      const url = typeof media.url === 'string' ? media.url : '';
      if (url.startsWith(ATTACHMENT_SCHEME)) problem ??= `components: ${url} names no uploaded attachment`;
      else if (n.type === ComponentType.File && !media.attachment_id) {
        problem ??= 'components: a File component takes only attachment:// references';
      }
    }
  });
  if (problem) return problem;
  if (count > MAX_V2_COMPONENTS) return `components: ${count} components, at most ${MAX_V2_COMPONENTS}`;
  if (text > MAX_V2_TEXT) return `components: ${text} characters of text, at most ${MAX_V2_TEXT}`;
  return null;
}
