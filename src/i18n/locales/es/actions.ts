import type { Messages } from '../../messages.ts';

export default {} satisfies Messages;
