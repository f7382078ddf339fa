import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: '残高',
    description: '生成サービスのアカウントの残高と利用額、このサーバーの利用額',
  },
  account: {
    title: '生成サービスのアカウント',
    balance: '残高',
    totalSpent: '累計利用額（アカウント全体）',
    noAnswer: '生成サービスから応答がありませんでした。1分後にもう一度お試しください。',
  },
  server: {
    daily: 'このサーバー（今日）',
    weekly: 'このサーバー（今週）',
    monthly: 'このサーバー（今月）',
    total: 'このサーバー（累計）',
  },
  charged: '{{amount, money}}請求済み（台帳、返金差し引き後）',
  chargedOfBudget: {
    daily: '1日あたりの予算{{budget, money}}のうち{{amount, money}}請求済み（台帳、返金差し引き後）',
    weekly: '1週間あたりの予算{{budget, money}}のうち{{amount, money}}請求済み（台帳、返金差し引き後）',
    monthly: '1か月あたりの予算{{budget, money}}のうち{{amount, money}}請求済み（台帳、返金差し引き後）',
    total: '総予算{{budget, money}}のうち{{amount, money}}請求済み（台帳、返金差し引き後）',
  },
  drift: {
    when: {
      daily: '今日、{{since}}以降',
      weekly: '今週、{{since}}以降',
      monthly: '今月、{{since}}以降',
      total: '開始以来',
    },
    atLeast: '{{amount, money}}以上',
    compareOne:
      '**差異**（{{when}}）：このサーバーの台帳は{{ledger, money}}、サービスの利用履歴は{{service}}です。',
    compareAll:
      '**差異**（{{when}}）：サービスの利用履歴はAPIトークン全体が対象のため、このボットの全{{servers, number}}サーバーの台帳と比較します。台帳は{{ledger, money}}（このサーバーは{{server, money}}）、利用履歴は{{service}}です。',
    tooMany:
      '**差異**（{{when}}）：サービスの利用履歴は、このボットの{{servers, number}}サーバーで共有するAPIトークン全体が対象で、{{service}}です。このサーバーの台帳は{{server, money}}です。参加サーバーが多すぎて全台帳を合計できないため、差額は計算しません。',
    match: '一致しています。',
    serviceMore:
      'サービスの請求額が台帳より{{amount, money}}多くなっています（ボットが記録していない利用か、このボット以外でのトークンの利用です）。',
    ledgerMore:
      '台帳がサービスの請求額より{{amount, money}}多くなっています（多くの場合、サービスが返金済みで、ボットがまだ把握していない失敗です）。',
    partial: '最新の利用履歴だけを読み込んだため、差額は計算しません。',
    line: '{{head}}{{verdict}}',
    unreadable: '**差異**：サービスの利用履歴を読み込めなかったため、比較できません。',
  },
  log: {
    title: '利用履歴（アカウント全体）· {{page, number}}/{{pages, number}}ページ',
    titleUnknown: '利用履歴（アカウント全体）· {{page, number}}ページ',
    unreadable: '現在、利用履歴を読み込めません。1分後にもう一度お試しください。',
    none: 'まだ請求はありません。',
    emptyPage: 'このページに記録はありません。',
    records_other: '{{count, number}}件',
    video: '動画',
    image: '画像',
    previous: '前へ',
    next: '次へ',
  },
} satisfies Texts<'ja', 'balance'>;
