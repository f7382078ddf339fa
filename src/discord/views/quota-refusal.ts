/**
 * Why a reservation was refused, in the words the member reads (privately): what it costs, what is
 * left, when it resets; for a batch, its total and how many takes what is left would cover.
 */
import { formatUsd } from '../../money.ts';
import type { ReserveResult } from '../../quota/service.ts';

export function describeRefusal(
  result: Extract<ReserveResult, { ok: false }>,
  quotedMicros: number,
  count: number,
): string {
  if (count > 1 && result.reason !== 'in_flight') return describeBatchRefusal(result, quotedMicros, count);
  const resets = result.resetsAt
    ? `It resets <t:${Math.floor(result.resetsAt.getTime() / 1000)}:R>.`
    : 'It does not reset.';
  switch (result.reason) {
    case 'in_flight':
      return `You already have ${result.inFlight ?? 'several'} generations in progress (the limit is ${result.cap ?? 'reached'}). Wait for one to finish.`;
    case 'budget':
      return `This server's generation budget is used up for now: ${formatUsd(result.budget?.remainingMicros ?? 0)} left, and this costs about ${formatUsd(quotedMicros)}. ${result.budget?.resetsAt ? `It resets <t:${Math.floor(result.budget.resetsAt.getTime() / 1000)}:R>.` : ''}`.trim();
    default:
      return `This costs about ${formatUsd(quotedMicros)}, but you have ${formatUsd(Math.max(0, result.remainingMicros))} left of your ${formatUsd(result.allowanceMicros)} allowance. ${resets}`;
  }
}

/**
 * A batch refused as a whole: its total, what is left, and how many takes that would cover, so the
 * member can ask again for fewer. Nothing of it was reserved or sent.
 */
function describeBatchRefusal(
  result: Extract<ReserveResult, { ok: false }>,
  quotedMicros: number,
  count: number,
): string {
  const left =
    result.reason === 'budget' ? (result.budget?.remainingMicros ?? 0) : Math.max(0, result.remainingMicros);
  const fits = quotedMicros > 0 ? Math.min(count - 1, Math.floor(left / quotedMicros)) : 0;
  const whose = result.reason === 'budget' ? "this server's budget" : 'your allowance';
  const room =
    fits > 0
      ? `enough for ${fits} of the ${count} takes (ask again with \`count:${fits}\`)`
      : 'not enough for one take';
  return `${count} takes cost about ${formatUsd(quotedMicros * count)} in all (${formatUsd(quotedMicros)} each), but ${whose} has ${formatUsd(left)} left: ${room}. Nothing was sent or charged.`;
}
