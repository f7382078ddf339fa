import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: '設定',
    description: 'このサーバーでの /画像 と /動画 の自分用デフォルト（自分だけに表示）',
    image_model: { name: '画像モデル', description: '画像のデフォルトのモデル（価格付き）' },
    image_aspect_ratio: {
      name: '画像アスペクト比',
      description: '画像のデフォルトのアスペクト比。例：16:9',
    },
    image_resolution: { name: '画像解像度', description: '画像のデフォルトの解像度。例：2K' },
    video_model: { name: '動画モデル', description: '動画のデフォルトのモデル（価格付き）' },
    video_aspect_ratio: {
      name: '動画アスペクト比',
      description: '動画のデフォルトのアスペクト比。例：16:9',
    },
    video_resolution: { name: '動画解像度', description: '動画のデフォルトの解像度。例：720p' },
    count: {
      name: 'テイク数',
      description: '1リクエストあたりのテイク数（{{min, number}}〜{{max, number}}）',
    },
    always_confirm: {
      name: '常に確認',
      description: 'サーバーのしきい値未満でも、有料のリクエストは毎回確認する',
    },
  },
  serversOnly: '/{{command}} はサーバー内でのみ使えます。',
  notYours:
    'このリセットボタンは別のメンバーのデフォルト用です。自分のデフォルトの確認とリセットは /{{command}} でできます。何も変更していません。',
  saved: '保存しました。',
  title: 'このサーバーでのあなたのデフォルト',
  description:
    '/画像 と /動画 で省略したオプションに使われます。指定したオプションが常に優先されます。アスペクト比と解像度は、それに対応するモデルでのみ使われます。',
  images: '画像（/画像）',
  videos: '動画（/動画）',
  model: '{{label}}（`{{slug}}`）',
  gone: '`{{slug}}`（提供終了のため、サーバーのデフォルトを使用）',
  stored: '`{{slug}}`',
  serverDefault: 'サーバーのデフォルト（{{label}}）',
  aspectRatio: 'アスペクト比 {{value}}',
  resolution: '解像度 {{value}}',
  count: '1リクエストあたりのテイク数',
  countDefault: '{{value, number}}（サーバーのデフォルト）',
  confirm: '確認',
  confirmAlways: '有料のリクエストは毎回',
  confirmAbove: 'サーバーのしきい値を超えるリクエストのみ',
  resetTitle: 'このサーバーでのデフォルトをリセットしました',
  resetDescription:
    '/画像 と /動画 はサーバーのデフォルトに戻ります。新しく設定するには /{{command}} を使ってください。',
  reset: 'リセット',
} satisfies Texts<'ja', 'settings'>;
