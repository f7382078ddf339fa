import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: '表示',
    description: '過去の結果をボタン付きでもう一度表示します',
    id: {
      name: 'id',
      description: '生成ID（詳細、/利用状況、失敗レポートにあります）。自分の生成から選んでください',
    },
  },
  choice: {
    image: '画像：{{prompt}}',
    video: '動画：{{prompt}}',
  },
  errors: {
    serversOnly: '/表示 はサーバー内でのみ使えます。',
    channelsOnly: '/表示 はサーバーのチャンネルでのみ使えます。',
    notAnId:
      'これは生成IDではありません。リストから自分の生成を選ぶか、詳細や失敗レポートからIDをコピーしてください。',
    notHere: 'このサーバーにはこの生成の記録がありません。',
    notYours:
      'これはあなたの生成ではありません。他の人の生成を表示できるのは「サーバー管理」権限を持つメンバーだけです。',
    unknown: 'このIDの生成は、ボットも生成サービスも把握していません。',
    notFinished: 'この生成はまだ完了していません。結果は元の返信に表示されます。',
  },
  record: {
    title: '生成サービス上の記録 · {{status}}',
    status: {
      pending: '待機中',
      processing: '生成中',
      completed: '完了',
      failed: '失敗',
    },
    id: 'ID',
    model: 'モデル',
    created: '作成',
    finished: '完了日時',
    result: '結果',
    openFile: 'ファイルを開く',
    error: 'エラー',
    footer: 'ボットにはこの生成の記録（誰が依頼し、いくらかかったか）がないため、ボタンはありません。',
  },
} satisfies Texts<'ja', 'show'>;
