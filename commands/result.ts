/** The buttons, menu and modals on every delivered result (Again, Vary, Animate, …). */

import {
  handleResultButton,
  handleResultModal,
  handleResultSelect,
} from '../src/discord/generation/result-actions/index.ts';
import type { ComponentHandler } from '../src/discord/interactions/command.ts';

export const result: ComponentHandler<'result'> = {
  prefix: 'result',
  button: handleResultButton,
  select: handleResultSelect,
  modal: handleResultModal,
};
