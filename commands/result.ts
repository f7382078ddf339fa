/** The buttons, menu and modals on every delivered result (Again, Vary, Animate, …). */
import type { ComponentHandler } from '../src/discord/command.ts';
import {
  handleResultButton,
  handleResultModal,
  handleResultSelect,
} from '../src/discord/result-actions/index.ts';

export const result: ComponentHandler<'result'> = {
  prefix: 'result',
  button: handleResultButton,
  select: handleResultSelect,
  modal: handleResultModal,
};
