/**
 * The fields the generation modals share (Vary, Animate, Continue, Generate from this): a prompt,
 * a model menu, and a File Upload for references, as plain JSON Discord takes in a modal (each
 * wrapped in a Label), and reading them back from the submit. Labels and descriptions come from the
 * caller, already in the member's language; a refused submit is told in it too.
 */
import {
  type APILabelComponent,
  type APISelectMenuOption,
  ComponentType,
  type ModalSubmitInteraction,
  TextInputStyle,
} from 'discord.js';
import { MAX_PROMPT_LENGTH } from '../../catalog/validate.ts';
import type { PendingReference } from '../../jobs/pending-references.ts';
import { UserError } from '../interactions/command.ts';
import { MODAL_FIELD } from '../interactions/custom-ids.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import { escapeMemberText } from '../views/message-parts.ts';
import { truncate } from '../views/text.ts';
import { kindOf } from './attachment-kinds.ts';
import { MAX_UPLOADS } from './reference-models.ts';

const { prompt: PROMPT_FIELD, model: MODEL_FIELD, uploads: UPLOAD_FIELD } = MODAL_FIELD;

/** Discord's limits on a modal's title, a Label's text and its description. */
const MAX_TITLE = 45;
const MAX_LABEL = 45;
const MAX_LABEL_DESCRIPTION = 100;

/** A modal title cut to Discord's limit. */
export function modalTitle(text: string): string {
  return truncate(text, MAX_TITLE);
}

/** The prompt: a paragraph of up to 2,000 characters, prefilled when editing an earlier prompt. */
export function promptField(label: string, value?: string): APILabelComponent {
  return {
    type: ComponentType.Label,
    label: truncate(label, MAX_LABEL),
    component: {
      type: ComponentType.TextInput,
      custom_id: PROMPT_FIELD,
      style: TextInputStyle.Paragraph,
      max_length: MAX_PROMPT_LENGTH,
      required: true,
      ...(value ? { value } : {}),
    },
  };
}

/** The model menu, with each model's price; `description` says what the models were chosen for. */
export function modelField(
  label: string,
  description: string,
  options: APISelectMenuOption[],
): APILabelComponent {
  return {
    type: ComponentType.Label,
    label: truncate(label, MAX_LABEL),
    description: truncate(description, MAX_LABEL_DESCRIPTION),
    component: {
      type: ComponentType.StringSelect,
      custom_id: MODEL_FIELD,
      options,
      min_values: 1,
      max_values: 1,
      required: true,
    },
  };
}

/** An optional upload of up to `max` files (Discord takes at most 10 in one component). */
export function uploadField(label: string, description: string, max: number): APILabelComponent {
  return {
    type: ComponentType.Label,
    label: truncate(label, MAX_LABEL),
    description: truncate(description, MAX_LABEL_DESCRIPTION),
    component: {
      type: ComponentType.FileUpload,
      custom_id: UPLOAD_FIELD,
      min_values: 0,
      max_values: Math.max(1, Math.min(MAX_UPLOADS, max)),
      required: false,
    },
  };
}

/** The prompt typed in the modal. */
export function readPrompt(interaction: ModalSubmitInteraction): string {
  return interaction.fields.getTextInputValue(PROMPT_FIELD);
}

/** The model chosen in the modal's menu. */
export function readModel(interaction: ModalSubmitInteraction): string {
  const [slug] = interaction.fields.getStringSelectValues(MODEL_FIELD);
  if (!slug) throw new UserError(memberLocalizer(interaction).t('actions:modal.chooseModel'));
  return slug;
}

/**
 * The files uploaded in the modal, as references (none when the modal had no upload field). A file
 * that is not an image, a video or an audio file is refused before anything is sent.
 */
export function readUploads(interaction: ModalSubmitInteraction): PendingReference[] {
  if (!interaction.fields.fields.has(UPLOAD_FIELD)) return [];
  const files = interaction.fields.getUploadedFiles(UPLOAD_FIELD) ?? new Map();
  const references: PendingReference[] = [];
  for (const file of files.values()) {
    const kind = kindOf(file);
    if (!kind) {
      // The name and the type are the member's (their file, as Discord gave it): escaped for markdown.
      const l = memberLocalizer(interaction);
      const name = escapeMemberText(truncate(file.name, 100));
      throw new UserError(
        file.contentType
          ? l.t('actions:modal.uploadNotMedia', {
              name,
              type: escapeMemberText(truncate(file.contentType, 100)),
            })
          : l.t('actions:modal.uploadNotMediaUnknownType', { name }),
      );
    }
    references.push({ url: file.url, kind, name: file.name });
  }
  return references;
}
