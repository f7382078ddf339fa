import type { Texts } from '../../messages.ts';

export default {
  seconds: '{{count, number}}秒',
  perSecond: '1秒あたり{{amount, money}}',
} satisfies Texts<'ja', 'common'>;
