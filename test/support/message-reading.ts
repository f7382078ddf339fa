/**
 * Reading a message the way a member sees it, for assertions: its interactive components and its text,
 * whether it is a classic message (content, embeds, action rows) or a Components V2 one.
 */
import { type APIEmbed, ComponentType } from 'discord.js';

/** An interactive component of a message: a button or a select menu. */
export interface InteractiveComponent {
  type: number;
  custom_id?: string;
  label?: string;
  url?: string;
  disabled?: boolean;
  options?: { label: string; value: string; description?: string; default?: boolean }[];
}

const INTERACTIVE = new Set<number>([
  ComponentType.Button,
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

type Node = Record<string, unknown>;

/** Every component of a tree, depth first: rows, containers, sections (and their accessory). */
function walk(nodes: readonly unknown[] | null | undefined, visit: (n: Node) => void): void {
  for (const raw of nodes ?? []) {
    if (typeof raw !== 'object' || raw === null) continue;
    const node = raw as Node;
    visit(node);
    if (Array.isArray(node.components)) walk(node.components, visit);
    if (node.accessory) walk([node.accessory], visit);
    if (node.component) walk([node.component], visit);
  }
}

/**
 * What a message (stored, or the body the bot sent) carries; loose so that both an APIMessage and a
 * recorded request body fit.
 */
export interface MessageLike {
  content?: string | null;
  embeds?: readonly APIEmbed[] | null;
  components?: readonly unknown[] | null;
}

/** Buttons and selects of a message (classic or V2), in order, with what a test asserts on. */
export function componentsOf(message: MessageLike): InteractiveComponent[] {
  const found: InteractiveComponent[] = [];
  walk(message.components, (n) => {
    if (typeof n.type !== 'number' || !INTERACTIVE.has(n.type)) return;
    const c: InteractiveComponent = { type: n.type };
    if (typeof n.custom_id === 'string') c.custom_id = n.custom_id;
    if (typeof n.label === 'string') c.label = n.label;
    if (typeof n.url === 'string') c.url = n.url;
    if (typeof n.disabled === 'boolean') c.disabled = n.disabled;
    if (Array.isArray(n.options)) c.options = n.options as InteractiveComponent['options'];
    found.push(c);
  });
  return found;
}

/**
 * Everything a member reads in a message, one part per line: content, embed titles, descriptions,
 * fields and footers (classic), and every Text Display (V2).
 */
export function textOf(message: MessageLike): string {
  const parts: string[] = [];
  if (message.content) parts.push(message.content);
  for (const embed of message.embeds ?? []) {
    if (embed.title) parts.push(embed.title);
    if (embed.description) parts.push(embed.description);
    for (const field of embed.fields ?? []) parts.push(`${field.name}\n${field.value}`);
    if (embed.footer?.text) parts.push(embed.footer.text);
  }
  walk(message.components, (n) => {
    if (n.type === ComponentType.TextDisplay && typeof n.content === 'string') parts.push(n.content);
  });
  return parts.join('\n');
}
