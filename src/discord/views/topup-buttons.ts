/**
 * The premium buttons of the top-ups a server offers (`/quota topups`): one per SKU, at most five
 * (one row), which open Discord's own purchase dialog. They send the bot no interaction: the buyer's
 * server is noted when the buttons are shown (jobs/topup-purchases.ts recordOffer).
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import type { GuildSettings } from '../../quota/settings.ts';

/** A row holds five buttons. */
const MAX_BUTTONS = 5;

export function topupButtons(
  settings: Pick<GuildSettings, 'topupSkus'>,
): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const skus = Object.keys(settings.topupSkus ?? {}).slice(0, MAX_BUTTONS);
  if (skus.length === 0) return [];
  return [
    {
      type: ComponentType.ActionRow,
      components: skus.map((sku_id) => ({ type: ComponentType.Button, style: ButtonStyle.Premium, sku_id })),
    },
  ];
}
