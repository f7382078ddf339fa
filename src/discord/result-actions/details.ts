/**
 * Details: everything about a result, privately to the member who asks. A plain view of the job:
 * the generation id, the model, the prompt, every request field (the seed among them), the price
 * charged and where it started.
 */
import { type APIEmbed, type ButtonInteraction, MessageFlags } from 'discord.js';
import type { Job } from '../../jobs/job.ts';
import { formatUsd } from '../../money.ts';
import { escapeMemberText } from '../render.ts';
import type { BotServices } from '../services.ts';
import { truncate } from '../text.ts';
import { requestOf, resultJob } from './result-job.ts';

const MAX_DESCRIPTION = 4096;
const MAX_FIELD = 1024;

export async function showDetails(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  await interaction.reply({
    embeds: [detailsEmbed(job)],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** The job as one embed. Every member or service text is escaped; ids are shown as code. */
export function detailsEmbed(job: Job): APIEmbed {
  const { model: _model, prompt: _prompt, ...fields } = requestOf(job);
  const settings = Object.entries({ ...job.parameters, ...fields })
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? `${v.length} URL${v.length === 1 ? '' : 's'}` : String(v)}`);
  const code = (text: string) => `\`${text.replace(/`/g, '')}\``;
  const embed: APIEmbed = {
    title: `Details · ${job.type === 'image' ? 'Image' : 'Video'}`,
    description: truncate(escapeMemberText(job.prompt), MAX_DESCRIPTION),
    fields: [
      { name: 'Generation id', value: code(job.generationId) },
      { name: 'Model', value: `${truncate(escapeMemberText(job.modelLabel), 200)} (${code(job.model)})` },
      { name: 'Status', value: job.status, inline: true },
      { name: 'Price', value: formatUsd(job.chargedMicros), inline: true },
      { name: 'Requested by', value: `<@${job.reply.userId}>`, inline: true },
      {
        name: 'Settings',
        value: truncate(escapeMemberText(settings.join('\n') || 'the model defaults'), MAX_FIELD),
      },
      { name: 'Submitted', value: `<t:${Math.floor(job.createdAt / 1000)}:f>`, inline: true },
    ],
  };
  if (job.origin) {
    embed.fields?.push({
      name: 'Started from',
      value: `${job.origin.action}${job.origin.generationId ? ` of ${code(job.origin.generationId)}` : ''}`,
      inline: true,
    });
  }
  return embed;
}
