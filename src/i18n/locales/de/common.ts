import type { Texts } from '../../messages.ts';

export default {
  seconds: '{{count, number}} s',
  perSecond: '{{amount, money}}/s',
} satisfies Texts<'de', 'common'>;
