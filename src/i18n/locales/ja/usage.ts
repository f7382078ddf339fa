import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: '利用状況',
    description: 'あなたの生成の利用枠、この期間の利用額、最近の生成',
  },
  title: 'あなたの生成の利用枠',
  serversOnly: '/利用状況 はサーバー内でのみ使えます。',
  allowance: '利用枠',
  allowanceValue: '{{amount}}（{{source}}）',
  perPeriod: {
    daily: '1日あたり{{amount, money}}',
    weekly: '1週間あたり{{amount, money}}',
    monthly: '1か月あたり{{amount, money}}',
    total: '通算{{amount, money}}',
  },
  source: {
    override: '個別の利用枠',
    role: 'ロール{{role}}による',
    someRole: 'ロールによる',
    default: 'サーバーのデフォルト',
  },
  spent: {
    daily: '今日の利用額',
    weekly: '今週の利用額',
    monthly: '今月の利用額',
    total: '累計の利用額',
  },
  reserved: '生成中の確保額',
  reservedValue: '{{amount, money}} · 生成中{{count, number}}件（上限{{cap, number}}件）',
  topup: '追加枠',
  topupValue: '残り{{amount, money}}（利用枠のあとに使われ、リセットされません）',
  topupOwed: '残り{{amount, money}} · 返金された購入の未払い{{owed, money}}',
  remaining: '残り',
  resets: 'リセット',
  recent_other: '最近の生成{{count, number}}件',
  recentNone: '最近の生成',
  none: 'まだありません。',
  unknownModel: '不明なモデル',
  status: {
    in_flight: '生成中',
    completed: '完了',
    refunded: '失敗 · 返金済み',
  },
  result: '結果',
} satisfies Texts<'ja', 'usage'>;
