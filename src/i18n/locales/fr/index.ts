/** Every namespace of texts in fr; i18n.ts loads them all at start. */

import actions from './actions.ts';
import alerts from './alerts.ts';
import balance from './balance.ts';
import cards from './cards.ts';
import common from './common.ts';
import generate from './generate.ts';
import help from './help.ts';
import models from './models.ts';
import moderation from './moderation.ts';
import quota from './quota.ts';
import settings from './settings.ts';
import show from './show.ts';
import topups from './topups.ts';
import usage from './usage.ts';
import validation from './validation.ts';
import web from './web.ts';
import welcome from './welcome.ts';

export default {
  common,
  cards,
  generate,
  validation,
  models,
  balance,
  usage,
  show,
  quota,
  settings,
  help,
  welcome,
  alerts,
  moderation,
  topups,
  actions,
  web,
};
