/**
 * Every custom id the bot sent, read back from what the fake Discord received: the buttons and menus
 * of every message it posted or edited and of every interaction answer, and every modal it opened
 * (its own id, and its fields' ids). The tests that drive components check after each test that each
 * of them parses (custom-ids.ts) in the current version and builds back to the same string, so an id
 * a handler makes by hand, or a builder the parser disagrees with, fails where it is emitted.
 */
import { InteractionResponseType } from 'discord.js';
import { expect } from 'vitest';
import {
  buildCustomId,
  CUSTOM_ID_VERSION,
  type CustomId,
  MODAL_FIELD,
  parseCustomId,
} from '../../src/discord/interactions/custom-ids.ts';
import type { Harness } from '../support/bot-harness.ts';
import { componentsOf, type MessageLike } from '../support/message-reading.ts';

export interface SentCustomIds {
  /** Buttons and select menus (a link button has none). */
  components: string[];
  /** Modals the bot opened. */
  modals: string[];
  /** The fields inside those modals. */
  fields: string[];
}

type Body = MessageLike & { type?: number; data?: MessageLike & { custom_id?: string } };

/** Every custom id in the bodies the bot sent to the fake Discord, in order. */
export function sentCustomIds(h: Harness): SentCustomIds {
  const found: SentCustomIds = { components: [], modals: [], fields: [] };
  for (const call of h.discord.calls) {
    const body = call.body as Body | undefined;
    if (!body || typeof body !== 'object') continue;
    if (body.type === InteractionResponseType.Modal && body.data) {
      if (typeof body.data.custom_id === 'string') found.modals.push(body.data.custom_id);
      // A modal's fields (text inputs, its model menu, uploads) are named by field ids, not routed.
      for (const field of fieldIdsOf(body.data.components)) found.fields.push(field);
      continue;
    }
    // An interaction answer carries its message in `data`; a webhook or channel message is the body.
    for (const message of [body, body.data]) {
      if (!message) continue;
      for (const c of componentsOf(message))
        if (c.custom_id !== undefined) found.components.push(c.custom_id);
    }
  }
  return found;
}

function fieldIdsOf(nodes: readonly unknown[] | null | undefined): string[] {
  const ids: string[] = [];
  const stack = [...(nodes ?? [])];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | undefined;
    if (!node || typeof node !== 'object') continue;
    if (typeof node.custom_id === 'string') ids.push(node.custom_id);
    if (Array.isArray(node.components)) stack.push(...node.components);
    if (node.component) stack.push(node.component);
  }
  return ids;
}

/**
 * Asserts that every custom id the bot sent parses, in the current version, back to the string it
 * was built as, and that every modal field is one of MODAL_FIELD; returns what they name.
 */
export function expectSentCustomIdsParse(h: Harness): CustomId[] {
  const sent = sentCustomIds(h);
  const named: CustomId[] = [];
  for (const customId of [...sent.components, ...sent.modals]) {
    const id = parseCustomId(customId);
    expect(id, `the bot sent the custom id ${customId}`).not.toBeNull();
    if (!id) continue;
    const { version, ...built } = id;
    expect(version, customId).toBe(CUSTOM_ID_VERSION);
    expect(buildCustomId(built as CustomId), customId).toBe(customId);
    named.push(built as CustomId);
  }
  for (const field of sent.fields) expect(Object.values(MODAL_FIELD), field).toContain(field);
  return named;
}

/** `result:again`, `confirmation:confirm`, `balance`…: what a file's tests saw, to check they saw it all. */
export function shapeOf(id: CustomId): string {
  switch (id.kind) {
    case 'result':
      return `result:${id.action}`;
    case 'confirmation':
      return `confirmation:${id.verb}`;
    default:
      return id.kind;
  }
}
