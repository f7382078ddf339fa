/**
 * /quota topups set|remove|list: which of the application's consumable SKUs members can buy here
 * as a top-up, and what one purchase adds. Discord is asked for the application's SKUs at every
 * change (`GET /applications/<app>/skus`): only a consumable SKU of this very application is taken,
 * since a durable one could be bought once only and another application's purchases never reach
 * this bot.
 */
import { SKUType } from 'discord.js';
import { parseAmount } from '../../../src/discord/interactions/amounts.ts';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { quotaCommandName } from '../../../src/discord/views/quota-view.ts';
import type { Localizer } from '../../../src/i18n/index.ts';
import type { SubcommandHandler } from '../definition.ts';

/** The application's SKUs as this command needs them: name and type by id. */
type Skus = ReadonlyMap<string, { name: string; type: SKUType }>;

export const topups: SubcommandHandler<'topups'> = async (i, a, { quotaAdmin, logger }) => {
  const l = memberLocalizer(i);
  const skus = async (): Promise<Skus> => {
    try {
      const fetched = await i.client.application.fetchSKUs();
      return new Map(
        [...fetched.values()]
          .filter((s) => s.applicationId === i.applicationId)
          .map((s) => [s.id, { name: s.name, type: s.type }]),
      );
    } catch (err) {
      logger.warn({ err, guildId: i.guildId }, "cannot read the application's SKUs");
      throw new UserError(l.t('quota:topups.unreadable'));
    }
  };
  if (a.subcommand === 'list') {
    const offered = (await quotaAdmin.getSettings(i.guildId)).topupSkus ?? {};
    if (Object.keys(offered).length === 0) return { content: none(l) };
    return { content: describeList(l, offered, await skus()) };
  }
  const skuId = a.args.sku.trim();
  if (a.subcommand === 'remove') {
    const offered = (await quotaAdmin.getSettings(i.guildId)).topupSkus ?? {};
    if (offered[skuId] === undefined) return { content: l.t('quota:topups.notListed', { sku: skuId }) };
    await quotaAdmin.clearTopupSku(i.guildId, skuId, i.user.id);
    const name = (await skus().catch(() => new Map() as Skus)).get(skuId)?.name ?? skuId;
    return { content: l.t('quota:topups.removed', { name, sku: skuId }) };
  }
  const micros = parseAmount(a.args.usd, l);
  if (micros === 0) throw new UserError(l.t('quota:topups.zero'));
  const found = (await skus()).get(skuId);
  if (!found || found.type !== SKUType.Consumable) {
    const why = found ? l.t('quota:topups.notConsumable') : l.t('quota:topups.unknown');
    throw new UserError(l.t('quota:topups.notSku', { sku: skuId, why }));
  }
  await quotaAdmin.setTopupSku(i.guildId, skuId, micros, i.user.id);
  return { content: l.t('quota:topups.set', { name: found.name, sku: skuId, amount: micros }) };
};

function none(l: Localizer): string {
  const set = `/${quotaCommandName(l, 'topups')} ${l.t('quota:command.topups.set.name')}`;
  return l.t('quota:topups.none', {
    example: `${set} ${l.t('quota:command.option.sku')}:… ${l.t('quota:command.option.usd')}:5`,
  });
}

/** The SKUs offered here with what each adds; one gone from the application's store says so. */
function describeList(l: Localizer, offered: Readonly<Record<string, number>>, skus: Skus): string {
  const lines = Object.entries(offered).map(([sku, amount]) => {
    const known = skus.get(sku);
    const line = l.t('quota:topups.line', { name: known?.name ?? sku, sku, amount });
    return known ? line : `${line} ${l.t('quota:topups.gone')}`;
  });
  return [l.t('quota:topups.list'), ...lines].join('\n');
}
