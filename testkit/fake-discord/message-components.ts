/**
 * Discord's rules for a message's components, classic (action rows) or Components V2 (the
 * IsComponentsV2 flag), and how it resolves `attachment://name` media inside them.
 */
import { type APIAttachment, ButtonStyle, ComponentType, MessageFlags } from 'discord.js';

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

/**
 * Every component of a tree, depth first, with the children of rows, containers and sections, and
 * where it sits as Discord's `errors` name it (`components.0.components.1`, `….accessory`).
 */
function walk(
  nodes: readonly unknown[] | undefined,
  visit: (n: Node, path: string) => void,
  path = 'components',
): void {
  for (const [i, raw] of (nodes ?? []).entries()) {
    if (typeof raw !== 'object' || raw === null) continue;
    const node = raw as Node;
    const here = path.endsWith('.accessory') ? path : `${path}.${i}`;
    visit(node, here);
    if (Array.isArray(node.components)) walk(node.components, visit, `${here}.components`);
    if (node.accessory) walk([node.accessory], visit, `${here}.accessory`);
  }
}

/** A field the request set: present and not null (Discord reads a null as not given). */
function given(n: Node, field: string): boolean {
  return n[field] !== undefined && n[field] !== null;
}

/**
 * Discord's rules for a button by its style (the components reference): a Link button has a `url`
 * and no `custom_id`; a Premium one a `sku_id` of one of the application's SKUs (Discord shows its
 * name and price) and no `custom_id`, `label`, `url` or `emoji`; the others a `custom_id` and no
 * `url` or `sku_id` (which only Premium buttons may carry). Why it is refused, as `field: why`, or null.
 */
function buttonProblem(n: Node, path: string, isSku: (id: string) => boolean): string | null {
  const required = (field: string) => (given(n, field) ? null : `${path}.${field}: This field is required`);
  const forbidden = (...fields: string[]) => {
    const field = fields.find((f) => given(n, f));
    return field ? `${path}.${field}: A ${styleName(n.style)} button cannot have a ${field}` : null;
  };
  if (n.style === ButtonStyle.Link) return required('url') ?? forbidden('custom_id', 'sku_id');
  if (n.style === ButtonStyle.Premium) {
    const problem = required('sku_id') ?? forbidden('custom_id', 'label', 'url', 'emoji');
    if (problem) return problem;
    return isSku(String(n.sku_id))
      ? null
      : `${path}.sku_id: Unknown SKU ${String(n.sku_id)} of this application`;
  }
  return required('custom_id') ?? forbidden('url', 'sku_id');
}

function styleName(style: unknown): string {
  if (style === ButtonStyle.Link) return 'link';
  return style === ButtonStyle.Premium ? 'premium' : 'non-link, non-premium';
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
 * every `attachment://` naming an uploaded file (a File component takes nothing else). Either: every
 * button keeps the rules of its style (buttonProblem; `isSku` tells the application's SKUs).
 */
export function componentsProblem(
  message: {
    content: string;
    embeds: unknown[];
    components?: unknown[];
    flags?: number;
  },
  isSku: (id: string) => boolean,
): string | null {
  const components = message.components ?? [];
  let button: string | null = null;
  walk(components, (n, path) => {
    if (n.type === ComponentType.Button) button ??= buttonProblem(n, path, isSku);
  });
  if (button) return button;
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
