/**
 * A take-down: an admin (or a member who may manage messages in the channel) removed another
 * member's result from Discord and from the gallery. It changes no rule and refunds nothing (the
 * result was made), but it is a moderator's act on a member's work, so it goes into the server's
 * audit log beside the rules' changes: who, where, whose result, in which channel.
 *
 * Recorded once per message, whoever tries: a double click, two admins at once, or the card's
 * Delete and the dashboard racing all reach Discord, and every one of them but the first finds the
 * message gone; each then records the take-down, inside the guild's transaction, only when no
 * record of that message's take-down is there yet. The index's own answer cannot decide it: the
 * gateway's word of the deletion (MESSAGE_DELETE) may empty it before the taker does.
 *
 * Beside the numbered record, marks holding a copy of it: one by message (what decides "already
 * taken down") and one by each result the message held (what the dashboard finds when an admin
 * takes down a result that already left the gallery). They are written after the record and the
 * settings record that commits it (audit-log.ts), in the same transaction (one EXEC on Redis); on
 * SQLite a crash between the two leaves a record without marks, and a second take-down of the same
 * message, if any, is then recorded too, which is true enough.
 */
import { recordChange } from './audit-log.ts';
import type { Values } from './backend.ts';
import type { AuditRecord, ChangeSource } from './rule-fields.ts';

/** The audit action of a take-down. */
export const TAKE_DOWN = 'take-down';

/** The most of a prompt a take-down's record keeps (its first line): enough to recognise it. */
export const TAKE_DOWN_PROMPT_CHARS = 100;

/** What was taken down, by whom, from where. */
export interface TakeDown {
  /** The admin's (or moderator's) user id. */
  by: string;
  /** 'command': the card's Delete in Discord; 'web': the dashboard. */
  via: ChangeSource;
  /** The result the admin pressed or clicked (a batch's message holds its other takes too). */
  generationId: string;
  messageId: string;
  channelId: string;
  /** The member who asked for the result. */
  authorId: string;
  /** The result's prompt (member-written); its first line is kept, shortened. */
  prompt?: string;
  /** The other results the message held (a batch's takes), marked too: each leaves the gallery with it. */
  takes?: readonly string[];
}

/** What recordTakeDown did: recorded it now, or found it recorded before (`record` is that one). */
export interface TakeDownRecorded {
  recorded: boolean;
  record: AuditRecord;
}

export function messageMarkKey(guildId: string, messageId: string): string {
  return `takedown:${guildId}:message:${messageId}`;
}

export function generationMarkKey(guildId: string, generationId: string): string {
  return `takedown:${guildId}:generation:${generationId}`;
}

/** The detail a take-down's record carries (what the audit page words). */
export function takeDownDetail(t: TakeDown): Record<string, unknown> {
  const detail: Record<string, unknown> = {
    generationId: t.generationId,
    messageId: t.messageId,
    channelId: t.channelId,
    authorId: t.authorId,
  };
  const prompt = shortPrompt(t.prompt);
  if (prompt) detail.prompt = prompt;
  return detail;
}

function shortPrompt(prompt: string | undefined): string {
  const line = prompt?.split('\n', 1)[0]?.trim() ?? '';
  return line.length > TAKE_DOWN_PROMPT_CHARS ? `${line.slice(0, TAKE_DOWN_PROMPT_CHARS - 1)}…` : line;
}

/** The take-down recorded for this message, read in the transaction (`state` is its). */
export function takeDownOfMessage(
  state: Values,
  guildId: string,
  messageId: string,
): Promise<AuditRecord | undefined> {
  return state.get<AuditRecord>(messageMarkKey(guildId, messageId));
}

/** Writes the marks of a record just made: by its message, and by each result the message held. */
export async function markTakeDown(
  state: Values,
  guildId: string,
  record: AuditRecord,
  t: TakeDown,
): Promise<void> {
  await state.set(messageMarkKey(guildId, t.messageId), record);
  for (const id of new Set([t.generationId, ...(t.takes ?? [])]))
    await state.set(generationMarkKey(guildId, id), record);
}

/**
 * Inside the guild's transaction: records the take-down and its marks, unless the message's
 * take-down is recorded already (then nothing is written, and that record is returned).
 */
export async function recordTakeDownIn(
  state: Values,
  guildId: string,
  t: TakeDown,
  at: Date,
): Promise<TakeDownRecorded> {
  const before = await takeDownOfMessage(state, guildId, t.messageId);
  if (before) return { recorded: false, record: before };
  const { record } = await recordChange(
    state,
    guildId,
    { at, by: t.by, via: t.via, action: TAKE_DOWN, detail: takeDownDetail(t) },
    () => undefined,
  );
  await markTakeDown(state, guildId, record, t);
  return { recorded: true, record };
}
