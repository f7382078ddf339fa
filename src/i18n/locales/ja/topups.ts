/** 日本語：Discordのストアで購入した追加枠について、メンバーや管理者に伝える内容。 */
export default {
  credited:
    'ご購入ありがとうございます：追加枠に{{amount, money}}を加えました。期間の利用枠のあとに使われ、リセットされません。/利用状況 で確認できます。',
  waiting:
    'ご購入ありがとうございます。購入したサーバーで /利用状況 を実行してください。そのサーバーの追加枠に加えます。',
  refunded: 'Discordが{{user}}の追加枠を返金しました：{{taken, money}}を差し引きました。',
  refundedOwed:
    'Discordが{{user}}の追加枠を返金しました：{{taken, money}}を差し引き、すでに使われていた{{owed, money}}は未払いとして記録しました。',
  claiming_other:
    'サーバー外で購入した{{count, number}}件を、このサーバーの追加枠に加えています。完了するとメッセージでお知らせします。',
} as const;
