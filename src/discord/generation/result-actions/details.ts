/** Details: everything about a result (details-view.ts), privately to the member who asks. */
import type { ButtonInteraction } from 'discord.js';
import { memberLocalizer } from '../../interactions/locale.ts';
import type { BotServices } from '../../interactions/services.ts';
import { renderDetails } from '../../views/details-view.ts';
import { resultJob } from './result-job.ts';

export async function showDetails(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  await interaction.reply(renderDetails(job, services.catalog.get(job.model), memberLocalizer(interaction)));
}
