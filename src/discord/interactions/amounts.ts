/** USD amounts that admins type (/quota set, budget, default…), read into micro-USD or refused. */
import type { Localizer } from '../../i18n/index.ts';
import type { Micros } from '../../money.ts';
import { readAmount } from '../../quota/amount-input.ts';
import { UserError } from './command.ts';

/**
 * Parses a USD amount an admin typed (`2.5`, `0.0001`, `$3`) into micro-USD, or throws a UserError
 * that says what is wrong (quota/amount-input.ts: the dashboard's forms say the same).
 */
export function parseAmount(text: string, l: Localizer): Micros {
  const read = readAmount(text, l);
  if ('refused' in read) throw new UserError(read.refused);
  return read.micros;
}
