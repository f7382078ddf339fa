/** The buttons, menu and modals on every delivered result (Again, Vary, Animate, …). */
import type { ComponentHandler } from '../src/discord/command.ts';
import {
  handleResultButton,
  handleResultModal,
  handleResultSelect,
} from '../src/discord/result-actions/index.ts';
import { RESULT_PREFIX } from '../src/discord/result-ids.ts';

export const result: ComponentHandler = {
  prefix: RESULT_PREFIX,
  button: handleResultButton,
  select: handleResultSelect,
  modal: handleResultModal,
};
