import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'モデル',
    description: '生成モデルの一覧：料金・解像度・長さ・使える参照',
    model: { name: 'モデル', description: '1つのモデルの詳細' },
  },
  list: {
    video: '動画モデル',
    image: '画像モデル',
    videoContinued: '動画モデル（続き）',
    imageContinued: '画像モデル（続き）',
    emptyTitle: 'モデル',
    empty: 'カタログは空です。',
    videoMenu: '動画モデルを開く…',
    imageMenu: '画像モデルを開く…',
  },
  perSecond: '{{amount, money}}/秒',
  durations: {
    one: '{{count, number}}秒',
    range: '{{from, number}}〜{{to, number}}秒',
    some: '{{list}}秒',
  },
  detail: {
    videoModel: '動画モデル · {{slug}}',
    imageModel: '画像モデル · {{slug}}',
    price: '料金',
    perSecond: '1秒あたり：{{prices}}',
    perSecondWithVideo: '参照動画ありの1秒あたり：{{prices}}',
    perVideo: '動画1本あたり：{{prices}}',
    perImage: '画像1枚あたり：{{prices}}',
    example_other: '{{count, number}}秒の動画：{{prices}}',
    durations: '長さ',
    aspectRatios: 'アスペクト比',
    modes: 'モード',
    references: '参照',
    takesUpTo: '{{list}}まで使えます。',
    takesNone: '参照は使えません（プロンプトのみ）。',
    images_other: '参照画像{{count, number}}枚',
    videos_other: '動画{{count, number}}本',
    sounds_other: '音声クリップ{{count, number}}件',
    extras: 'その他の機能',
    extra: {
      sound: '音声生成',
      fixedCamera: 'カメラ固定',
      seed: '結果を再現するシード',
      webSearch: 'ウェブ検索',
      lastFrame: '最終フレームからの続き',
      styles: 'スタイル（{{styles}}）',
      watermark: '透かし',
      private: '非公開の生成',
    },
    documentation: 'ドキュメント',
  },
  footer: {
    estimate: '料金は見積もりです。実際には送信時にサービスが示す料金が請求されます。',
    stale:
      'サービスに接続できませんでした。これはボットが保存しているカタログのコピーで、古い可能性があります。',
  },
  errors: {
    notLoaded:
      'ボットの起動以来、生成サービスに接続できていないため、まだモデルを把握していません。1分後にもう一度お試しください。',
    noSuchModel:
      'モデル{{model}}はありません。すべてのモデルを見るには、モデルを指定せずに /モデル を実行してください。',
    unreachable:
      '現在、生成サービスに接続できず、ボットはモデル{{model}}を把握していません。すべてのモデルを見るには、モデルを指定せずに /モデル を実行してください。',
    notOffered:
      'そのモデルはこのメニューにありません。最新の一覧を見るには、もう一度 /モデル を実行してください。',
    serversOnly: '/モデル はサーバー内でのみ使えます。',
  },
} satisfies Texts<'ja', 'models'>;
