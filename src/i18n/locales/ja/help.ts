import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'ヘルプ',
    description: 'ボットでできること、コマンド、あなたの利用枠',
  },
  serversOnly: '/{{command}} はサーバー内でのみ使えます。',
  title: 'このボットでできること',
  adminTitle: '管理者向け（サーバー管理）',
  whatItDoes:
    'プロンプトを付けて `/{{imagine}}` か `/{{video}}` を入力すると、ボットがそれを生成サービスに送り、自分の返信を完成した画像や動画に更新します。続けて使えるボタン（もう一度、バリエーション、動画化、高解像度、詳細、削除）も付きます。すべての生成は共有アカウントで支払われるため、各メンバーは自分の利用枠の範囲で使います。',
  commands: '**コマンド**',
  messageCommand: '**{{name}}** · メッセージのアプリメニューから、そのファイルを使って',
  yourAllowance: 'あなたの利用枠',
  howQuotasWork: '利用枠の仕組み',
  reserve:
    'リクエストを送る前に、その価格があなたの利用枠から確保されます。サービスが応答すると実際の価格に置き換わり、失敗した生成は返金されます。',
  refuse:
    '残りの利用枠に収まらないリクエストは、あなたにだけ表示される形で断られ、何も送信されません。高額なリクエストは先に価格が表示され、「確定」を押したときにだけ送信されます。',
  cap_other: '同時に処理できる生成は最大{{count, number}}件です。',
  adminIntro:
    'ロールやメンバーに利用枠を設定するまで、メンバーはサーバーのデフォルトの利用枠で使います。サーバーの予算で全員の合計に上限を設けられます。',
  promptRules: {
    title: 'プロンプトのルール',
    count_other: 'このサーバーで許可しない語とフレーズ：{{count, number}}件（`{{list}}`）',
    none: 'なし：どのプロンプトも使えます。許可しない語やフレーズは `{{add}}` で追加できます。',
    unreadable: '今は読み込めませんでした（エラーID `{{errorId}}`）。`{{list}}` で確認できます。',
  },
  countTip: '**複数のテイク：** {{commands}} の `{{option}}`：{{description}}',
  countTipRange:
    '**複数のテイク：** {{commands}} の `{{option}}`（{{min, number}}〜{{max, number}}）：{{description}}',
  unreadable:
    '今は利用枠を読み込めませんでした（エラーID `{{errorId}}`）。ボットのストアが応答するようになれば /{{usage}} で確認できます。',
  left: '残り{{left, money}} · {{when}}の利用額 {{spent, money}}',
  resets: 'リセット：{{when}}',
  usageHint: '利用額と直近の生成：/{{usage}}、または下の **{{button}}**。',
  models: 'モデル',
  myUsage: '自分の利用状況',
} satisfies Texts<'ja', 'help'>;
