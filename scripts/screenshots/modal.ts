/**
 * A modal (the form a button opens) drawn like Discord's dark theme. discord-html-transcripts draws
 * messages only, so this small page does it: the title, each field with its label, description and
 * whether it is required, the value the bot filled in, and Cancel / Submit. It draws what the modal
 * payload says (Label around a Text Input, String Select or File Upload; Text Display; the older
 * action row around a Text Input), so the picture follows the bot's wording and fields.
 */
import { ComponentType } from 'discord.js';
import type { FakeModal } from '../../testkit/fake-discord.ts';

type Node = Record<string, unknown>;

const html = (text: unknown): string =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The input of a field: what the member types into, picks from or drops files on. */
function input(c: Node): string {
  switch (c.type) {
    case ComponentType.TextInput: {
      const multiline = c.style === 2;
      const text = c.value ? html(c.value) : `<span class="placeholder">${html(c.placeholder)}</span>`;
      return `<div class="text-input${multiline ? ' paragraph' : ''}">${text}</div>`;
    }
    case ComponentType.StringSelect: {
      const options = (c.options as Node[] | undefined) ?? [];
      const chosen = options.filter((o) => o.default).map((o) => html(o.label));
      const shown =
        chosen.length > 0
          ? chosen.join(', ')
          : `<span class="placeholder">${html(c.placeholder ?? 'Make a selection')}</span>`;
      return `<div class="select">${shown}<span class="chevron">⌄</span></div>`;
    }
    case ComponentType.FileUpload:
      return '<div class="upload"><div class="upload-icon">⇪</div><div>Drag and drop or <span class="link">browse</span> files</div></div>';
    default:
      return `<div class="text-input"><span class="placeholder">(a component of type ${html(c.type)})</span></div>`;
  }
}

function field(label: unknown, description: unknown, c: Node): string {
  const required =
    c.required !== false && c.type !== ComponentType.FileUpload ? '<span class="required">*</span>' : '';
  return `<div class="field">
    <div class="label">${html(label)}${required}</div>
    ${description ? `<div class="description">${html(description)}</div>` : ''}
    ${input(c)}
  </div>`;
}

function part(node: Node): string {
  switch (node.type) {
    case ComponentType.Label:
      return field(node.label, node.description, node.component as Node);
    case ComponentType.TextDisplay:
      return `<div class="text">${html(node.content)}</div>`;
    case ComponentType.ActionRow:
      return ((node.components as Node[] | undefined) ?? [])
        .map((c) => field(c.label, undefined, c))
        .join('');
    default:
      return '';
  }
}

export function modalHtml(modal: FakeModal): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; padding: 24px; background: #1e1f22; font-family: 'Liberation Sans', Arial, sans-serif; }
  .modal { width: 440px; background: #313338; border-radius: 8px; color: #dbdee1; overflow: hidden;
    box-shadow: 0 0 0 1px rgba(255,255,255,.04), 0 8px 16px rgba(0,0,0,.4); }
  .header { display: flex; justify-content: space-between; padding: 16px 16px 8px; }
  .title { font-size: 20px; font-weight: 700; color: #f2f3f5; }
  .close { color: #b5bac1; font-size: 20px; line-height: 20px; }
  .body { padding: 8px 16px 16px; }
  .field { margin-top: 16px; }
  .field:first-child { margin-top: 8px; }
  .label { font-size: 16px; font-weight: 700; color: #f2f3f5; margin-bottom: 4px; }
  .required { color: #f23f43; margin-left: 4px; }
  .description { font-size: 14px; color: #b5bac1; margin-bottom: 8px; }
  .text-input, .select { background: #1e1f22; border: 1px solid #1e1f22; border-radius: 8px; padding: 10px;
    font-size: 16px; line-height: 20px; color: #dbdee1; white-space: pre-wrap; word-wrap: break-word; }
  .paragraph { min-height: 80px; }
  .select { display: flex; justify-content: space-between; }
  .chevron, .placeholder { color: #87898c; }
  .upload { border: 2px dashed #4e5058; border-radius: 8px; padding: 18px; text-align: center; color: #b5bac1; font-size: 14px; }
  .upload-icon { font-size: 22px; margin-bottom: 4px; }
  .link { color: #00a8fc; }
  .text { font-size: 16px; margin-top: 12px; white-space: pre-wrap; }
  .footer { display: flex; justify-content: flex-end; gap: 8px; background: #2b2d31; padding: 16px; }
  .button { border-radius: 8px; padding: 8px 16px; font-size: 14px; font-weight: 600; color: #fff; }
  .cancel { background: transparent; }
  .submit { background: #5865f2; }
  </style></head><body><div class="modal">
  <div class="header"><div class="title">${html(modal.title)}</div><div class="close">✕</div></div>
  <div class="body">${(modal.components as Node[]).map(part).join('')}</div>
  <div class="footer"><div class="button cancel">Cancel</div><div class="button submit">Submit</div></div>
  </div></body></html>`;
}
