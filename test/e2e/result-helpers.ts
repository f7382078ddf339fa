/**
 * Helpers for the end-to-end tests of result buttons and "Generate from this": making a result,
 * pressing its buttons, and reading what the service received and what each member spent.
 */
import type { APIInteraction } from 'discord.js';
import type { Job } from '../../src/jobs/job.ts';
import type { CreateGenerationRequest } from '../../src/media/schemas.ts';
import { stateOf } from '../../testkit/fake-discord/state.ts';
import { GUILD, type Harness, opt } from '../support/bot-harness.ts';

/** The bodies of every POST /generations the simulator received, in order. */
export function sentRequests(h: Harness): CreateGenerationRequest[] {
  return h.sim.requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/generations'))
    .map((r) => r.body as CreateGenerationRequest);
}

/** A member's quota figures in the test guild (no roles). */
export function figures(h: Harness, userId: string) {
  return h.bot.services.quota.summary({ guildId: GUILD, userId, roleIds: [] });
}

/** A finished result: the job and the message its buttons are on. */
export interface Result {
  job: Job;
  messageId: string;
  interaction: APIInteraction;
}

/** A command's options from a record: numbers as integers, booleans as booleans, the rest as strings. */
export const asOptions = (options: Record<string, string | number | boolean>) =>
  Object.entries(options).map(([name, value]) =>
    typeof value === 'number'
      ? opt.integer(name, value)
      : typeof value === 'boolean'
        ? opt.boolean(name, value)
        : opt.string(name, value),
  );

/** Runs /<command> with these options and waits until its result is delivered. */
export async function makeResult(
  h: Harness,
  command: 'imagine' | 'video',
  options: Record<string, string | number | boolean>,
): Promise<Result> {
  const interaction = await h.command(command, asOptions(options));
  return resultOf(h, interaction);
}

/** Waits until the job made from this interaction is delivered, and reads it back from the store. */
export async function resultOf(h: Harness, interaction: APIInteraction): Promise<Result> {
  const done = await h.jobDone(interaction);
  await h.bot.delivery.idle();
  const job = await h.bot.services.jobs.get(done.generationId);
  if (!job?.reply.messageId) throw new Error('the result was delivered without a message id');
  return { job, messageId: job.reply.messageId, interaction };
}

/** The custom id of a result's button or step, as the bot writes it (custom-ids.ts, version 1). */
export function resultButton(action: string, job: Job, extra?: string): string {
  return ['result', 'v1', action, job.generationId, ...(extra ? [extra] : [])].join(':');
}

/**
 * Makes a button on a message the fake Discord holds carry another custom id, as a card the bot put
 * out earlier would (an older card, or one whose job the store no longer has). Presses of it are then
 * honest: the pressed custom id is on the message.
 */
export function relabelButton(h: Harness, messageId: string, from: string, to: string): void {
  const stored = stateOf(h.discord).messages.get(messageId);
  if (!stored) throw new Error(`the fake Discord has no message ${messageId}`);
  const stack: unknown[] = [...(stored.api.components ?? [])];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    if (node.custom_id === from) {
      node.custom_id = to;
      return;
    }
    if (Array.isArray(node.components)) stack.push(...node.components);
    if (node.accessory) stack.push(node.accessory);
  }
  throw new Error(`message ${messageId} has no component ${from}`);
}
