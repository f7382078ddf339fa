import {
  type APIMessageComponentButtonInteraction,
  type APIMessageComponentSelectMenuInteraction,
  type APIModalSubmitInteraction,
  ComponentType,
  InteractionType,
  MessageType,
} from 'discord.js';
import {
  attachmentObject,
  baseFields,
  type FakeAttachmentSpec,
  type InteractionContextOptions,
  registerInteraction,
} from './interactions.ts';
import { newMessage } from './payloads.ts';
import { type FakeState, type StoredMessage, stateOf } from './state.ts';
import type { FakeDiscord } from './types.ts';

export interface ButtonInteractionOptions extends InteractionContextOptions {
  customId: string;
  /** The message carrying the button; a message the fake does not know is created as a bot message. */
  messageId: string;
}

export interface SelectInteractionOptions extends ButtonInteractionOptions {
  /** The chosen options' values. */
  values: string[];
}

/**
 * What a member entered in each field of a modal, by the field's custom id: a string for a text
 * input, string[] for a string select, attachments for a File Upload. An empty array is sent as a string
 * select with nothing chosen. Fields go out in the order given, each in its own Label.
 */
export type ModalFields = Record<string, string | string[] | FakeAttachmentSpec[]>;

export interface ModalSubmitInteractionOptions extends InteractionContextOptions {
  /** The modal's custom id. */
  customId: string;
  fields: ModalFields;
  /**
   * The message whose component opened the modal; Discord then sends it with the submission, and only
   * then may the bot answer with an update of that message (type 6/7).
   */
  messageId?: string;
}

/** The stored message a component sits on; one the fake does not know is created as a bot message. */
function componentMessage(state: FakeState, messageId: string, channelId: string): StoredMessage {
  const stored = state.messages.get(messageId);
  if (stored) return stored;
  const message = newMessage(state, { id: messageId, channelId, type: MessageType.Default });
  message.content = 'a message the fake did not know';
  return state.storeMessage(message, false);
}

/** A click on a button of a message (by default one of the bot's messages the fake stored). */
export function buttonInteraction(
  fake: FakeDiscord,
  o: ButtonInteractionOptions,
): APIMessageComponentButtonInteraction {
  const state = stateOf(fake);
  const base = baseFields(state, o);
  const payload = {
    ...base,
    type: InteractionType.MessageComponent,
    data: { custom_id: o.customId, component_type: ComponentType.Button },
    message: componentMessage(state, o.messageId, o.channelId).api,
  } as APIMessageComponentButtonInteraction;
  registerInteraction(state, payload);
  return payload;
}

/** A choice in a string select menu of a message. */
export function selectInteraction(
  fake: FakeDiscord,
  o: SelectInteractionOptions,
): APIMessageComponentSelectMenuInteraction {
  const state = stateOf(fake);
  const base = baseFields(state, o);
  const payload = {
    ...base,
    type: InteractionType.MessageComponent,
    data: { custom_id: o.customId, component_type: ComponentType.StringSelect, values: o.values },
    message: componentMessage(state, o.messageId, o.channelId).api,
  } as APIMessageComponentSelectMenuInteraction;
  registerInteraction(state, payload);
  return payload;
}

/**
 * A modal submission, in the Label layout Discord sends since modals hold more than text inputs: each
 * field is a Label (18) wrapping its component, with the numeric ids Discord assigns in order.
 */
export function modalSubmitInteraction(
  fake: FakeDiscord,
  o: ModalSubmitInteractionOptions,
): APIModalSubmitInteraction {
  const state = stateOf(fake);
  const base = baseFields(state, o);
  const attachments: Record<string, ReturnType<typeof attachmentObject>> = {};
  let nextId = 1;
  const components = Object.entries(o.fields).map(([customId, value]) => {
    const labelId = nextId++;
    const id = nextId++;
    let component: Record<string, unknown>;
    if (typeof value === 'string') {
      component = { type: ComponentType.TextInput, id, custom_id: customId, value };
    } else if (value.every((v) => typeof v === 'string')) {
      component = { type: ComponentType.StringSelect, id, custom_id: customId, values: value };
    } else {
      const files = value as FakeAttachmentSpec[];
      for (const a of files) attachments[a.id] = attachmentObject(a);
      component = { type: ComponentType.FileUpload, id, custom_id: customId, values: files.map((a) => a.id) };
    }
    return { type: ComponentType.Label, id: labelId, component };
  });
  const payload = {
    ...base,
    type: InteractionType.ModalSubmit,
    data: {
      custom_id: o.customId,
      components,
      ...(Object.keys(attachments).length > 0 ? { resolved: { attachments } } : {}),
    },
    ...(o.messageId ? { message: componentMessage(state, o.messageId, o.channelId).api } : {}),
  } as unknown as APIModalSubmitInteraction;
  registerInteraction(state, payload);
  return payload;
}
