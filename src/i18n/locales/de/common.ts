import type { Messages } from '../../messages.ts';

export default {
  seconds: '{{count, number}} s',
  perSecond: '{{amount, money}}/s',
} satisfies Messages;
