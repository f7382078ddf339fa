import type { Texts } from '../../messages.ts';

export default {
  command: {
    imagine: { name: '画像', description: 'プロンプトから画像を生成します' },
    video: { name: '動画', description: 'プロンプトから動画を生成します' },
    videoPro: {
      name: '動画-pro',
      description: 'モデルファミリー専用のオプションで動画を生成します',
      motion: 'Motion 2.0モデル：動画・音声の参照、シード、カメラなど',
      orbit: 'Orbit 2モデル：スタイル、透かし、非公開',
      vista: 'Vista 3.1モデル：最初のフレーム、または最大3枚の参照画像',
      omni: 'Omni Flash Ext：最初のフレーム、またはシーン・キャラクター・オブジェクト',
      quick: 'Quick Video 1：モード、6〜30秒',
    },
    fromMessage: 'これから生成',
  },
  option: {
    prompt: {
      name: 'プロンプト',
      image: '画像に描くもの',
      video: '動画に描くもの',
    },
    model: {
      name: 'モデル',
      image: '画像モデル（価格つき）',
      video: '動画モデル（価格つき）',
      motion: 'Motionモデル（価格つき）',
      orbit: 'Orbitモデル（価格つき）',
      vista: 'Vistaモデル（価格つき）',
    },
    aspectRatio: { name: 'アスペクト比', description: 'アスペクト比（例：16:9）' },
    resolution: {
      name: '解像度',
      image: '解像度（例：2K、高いほど料金も上がります）',
      video: '解像度（例：720p）',
      pro: '解像度（例：720p、高いほど料金も上がります）',
    },
    image: {
      name: '画像',
      reference: '参照画像',
      firstFrame: '最初のフレーム',
      firstOrReference: '最初のフレーム、または参照画像',
      firstAlone: '最初のフレーム（単独）',
    },
    imageN: { name: '画像{{n}}', description: '参照画像{{n}}' },
    imageUrls: { name: '画像url', description: '追加の参照画像URL（スペース区切り）' },
    count: {
      name: 'テイク数',
      description: 'このリクエストのテイク数。まとめて表示されます（1〜4、それぞれ請求されます）',
    },
    duration: { name: '長さ', description: '長さ（秒）' },
    mode: {
      name: 'モード',
      video: 'モード（モードがあるモデルのみ）',
      quick: 'モード',
      vista: 'frame：画像が最初のフレームに、ingredient：最大3枚の参照',
      frame: 'frame（画像が最初のフレーム）',
      ingredient: 'ingredient（最大3枚の参照画像）',
    },
    style: { name: 'スタイル', video: 'スタイル（Orbitモデル）', orbit: '映像のスタイル' },
    generateAudio: {
      name: '音声を生成',
      video: '音声を生成（Motionモデル）',
      motion: '動画と一緒に音声を生成',
    },
    seed: {
      name: 'シード',
      video: '似た結果を得るためのシード（Motionモデル）',
      motion: '同じシードとプロンプトで似た結果になります',
    },
    returnLastFrame: {
      name: '最終フレーム',
      video: '続きを作れるよう最終フレームも返す（Motionモデル）',
      motion: '最終フレームも画像として返す',
    },
    video: { name: '動画', description: '参照動画（MP4、WebM、MOV）。料金が下がります' },
    videoN: { name: '動画{{n}}', description: '参照動画{{n}}' },
    audio: { name: '音声', description: '参照音声ファイル（MP3、WAV、M4A、OGG）' },
    audioN: { name: '音声{{n}}', description: '参照音声{{n}}' },
    cameraFixed: { name: 'カメラ固定', description: 'カメラを動かさない' },
    webSearch: { name: 'ウェブ検索', description: 'モデルにウェブ検索を許可する' },
    watermark: { name: '透かし', description: '透かしを入れる' },
    private: { name: '非公開', description: '動画を非公開にするようサービスに依頼する' },
    scene: { name: 'シーン', description: 'シーン（キャラクター・オブジェクトと一緒に）' },
    character: { name: 'キャラクター', description: 'キャラクター（シーン・オブジェクトと一緒に）' },
    object: { name: 'オブジェクト', description: 'オブジェクト（シーン・キャラクターと一緒に）' },
  },

  serversOnly: 'このコマンドはサーバー内でのみ使えます。',
  channelsOnly: 'これはサーバーのチャンネルでのみ使えます。',
  catalogNotReady:
    'ボットの起動以降、生成サービスに接続できていないため、まだモデルを把握していません。何も送信されていません。1分ほどしてからもう一度お試しください。',
  makesImages: '{{model}}は画像を生成するモデルです。/画像 を使ってください。',
  makesVideos: '{{model}}は動画を生成するモデルです。/動画 を使ってください。',
  unknownModel: '不明なモデル「{{model}}」です。',
  cantSend: 'このリクエストは送信できません：\n{{errors}}\n何も請求されていません。',
  onlyInChannels: '生成は{{channels}}でのみ行えます。',
  spicyOnlyAgeRestricted: 'spicyモードは年齢制限のあるチャンネルでのみ使えます。',
  promptNotAllowed:
    'このプロンプトには、このサーバーで許可されていない語が含まれています。何も送信・請求されていません。',
  rulesUnreadable: '現在、サーバーのルールを読み込めませんでした。',
  nothingSent: '何も送信されていません。',
  outcome: {
    insufficientBalance:
      '生成サービスにあるボットの共有残高が尽きたため、何も生成されませんでした。あなたの利用枠には何も請求されていません。管理者が残高を追加できます。',
    rejected:
      '生成サービスがこのリクエストを拒否しました：\n{{errors}}\nあなたの利用枠には何も請求されていません。',
    unconfirmed:
      '生成サービスがこのリクエストを確認しなかったため、送信できたかどうか確かではありません。あなたの利用枠には何も請求されていません。サービスが実際には生成していた場合、数分以内に結果がここに表示されます。もう一度試す前に少しお待ちください。',
    failed:
      'リクエストを生成サービスに送信できませんでした。あなたの利用枠には何も請求されていません。少ししてからもう一度お試しください。',
    gaveUp_other:
      '生成サービスが混み合っていました。このリクエストは空きを{{count, number}}分待ちましたが、送信されませんでした。あなたの利用枠には何も請求されていません。後でもう一度お試しください。',
    refused: '{{reason}}このリクエストは順番を待ちましたが、送信されませんでした。何も請求されていません。',
  },

  takes: {
    noneSent_other:
      '{{count, number}}件のテイクはどれも送信できませんでした：{{reasons}}。あなたの利用枠には何も請求されていません。',
    reason: {
      sent: '送信済み',
      unconfirmed: '未確認',
      rejected: 'サービスがリクエストを拒否しました',
      failed: 'サービスに接続できませんでした',
      gaveUp: 'サービスが混み合っていました',
      notRecorded: 'ボットが記録できませんでした',
      cancelled: 'キャンセル済み',
      refused: 'サーバーのルールが変わりました',
    },
  },

  refusal: {
    inFlight_other:
      'すでに{{count, number}}件の生成が進行中です（上限は{{cap, number}}件）。どれかが終わるまでお待ちください。',
    inFlightUnknown: 'すでに進行中の生成が多すぎます。どれかが終わるまでお待ちください。',
    budget:
      'このサーバーの生成予算は現在使い切られています。残りは{{left, money}}で、これには約{{cost, money}}かかります。',
    allowance:
      'これには約{{cost, money}}かかりますが、{{allowance, money}}の利用枠の残りは{{left, money}}です。',
    allowanceWithTopup:
      'これには約{{cost, money}}かかりますが、{{allowance, money}}の利用枠と追加枠を合わせた残りは{{left, money}}です。',
    resets: '{{when}}にリセットされます。',
    noReset: 'リセットはありません。',
    batchAllowanceSome_other:
      '{{count, number}}テイクで合計約{{total, money}}（1つあたり{{each, money}}）かかりますが、利用枠の残りは{{left, money}}です。{{count, number}}テイク中{{fits, number}}テイク分なら足ります（`テイク数:{{fits}}`でもう一度リクエストしてください）。何も送信・請求されていません。',
    batchAllowanceNone_other:
      '{{count, number}}テイクで合計約{{total, money}}（1つあたり{{each, money}}）かかりますが、利用枠の残りは{{left, money}}で、1テイク分にも足りません。何も送信・請求されていません。',
    batchBudgetSome_other:
      '{{count, number}}テイクで合計約{{total, money}}（1つあたり{{each, money}}）かかりますが、このサーバーの予算の残りは{{left, money}}です。{{count, number}}テイク中{{fits, number}}テイク分なら足ります（`テイク数:{{fits}}`でもう一度リクエストしてください）。何も送信・請求されていません。',
    batchBudgetNone_other:
      '{{count, number}}テイクで合計約{{total, money}}（1つあたり{{each, money}}）かかりますが、このサーバーの予算の残りは{{left, money}}で、1テイク分にも足りません。何も送信・請求されていません。',
  },

  pro: {
    omniImages:
      'Omni Flash Extに渡せる画像は、1枚（最初のフレーム）か、シーン・キャラクター・オブジェクトの3枚ちょうどです。何も送信・請求されていません。',
    notInFamily:
      '「{{model}}」は{{family}}のモデル（{{models}}）ではありません。どのモデルでも /動画 で使えます。何も送信・請求されていません。',
  },

  attachment: {
    notImage:
      '`{{option}}`に指定された添付ファイル「{{name}}」は画像ではありません：{{found}}。何も送信・請求されていません。',
    notVideo:
      '`{{option}}`に指定された添付ファイル「{{name}}」は動画（MP4、WebM、MOV）ではありません：{{found}}。何も送信・請求されていません。',
    notAudio:
      '`{{option}}`に指定された添付ファイル「{{name}}」は音声ファイル（MP3、WAV、M4A、OGG）ではありません：{{found}}。何も送信・請求されていません。',
    isImage: '画像です',
    isVideo: '動画です',
    isAudio: '音声ファイルです',
    isFormatNotTaken: '{{type}}で、サービスが受け付けない形式です',
    isType: '{{type}}です',
    isUnknown: '種類が不明です',
  },
  references: {
    image_other: '画像{{count, number}}枚',
    video_other: '動画{{count, number}}本',
    audio_other: '音声ファイル{{count, number}}個',
    none: 'なし',
  },

  fromMessage: {
    noAttachments:
      'このメッセージには画像・動画・音声の添付ファイルがないため、生成の元にできるものがありません。何も送信・請求されていません。',
    expired:
      'このフォームはもう開いていません（有効期間は15分です）。メッセージでもう一度「これから生成」を使ってください。何も送信・請求されていません。',
    noModelTakes:
      '{{references}}をまとめて参照として受け付けるモデルはありません。何も送信・請求されていません。',
    modelGone: 'モデル「{{model}}」は現在提供されていません。何も送信・請求されていません。',
    title: 'このメッセージから生成',
    prompt: 'プロンプト',
    model: 'モデル',
    modelHint: '{{references}}を受け付けるモデルです。価格は各モデルのデフォルト設定でのものです。',
    more: '追加のファイル（任意）',
    moreHint: 'メッセージの添付ファイルの後に追加されます。上限はモデルごとに異なります。',
  },

  style: {
    none: 'なし',
    thanksgiving: '感謝祭',
    comic: 'コミック',
    news: 'ニュース',
    selfie: 'セルフィー',
    nostalgic: 'ノスタルジック',
    anime: 'アニメ',
  },
  choice: {
    price: '{{model}} · {{price}}',
    priceFrom: '{{model}} · {{price}}から',
    about: '約{{amount, money}}',
  },

  defaultModelGone: {
    image:
      'あなたのデフォルトの画像モデル`{{model}}`は現在提供されていないため、サーバーのデフォルトのモデル（{{fallback}}）を使いました。/設定 で別のモデルを選んでください。',
    video:
      'あなたのデフォルトの動画モデル`{{model}}`は現在提供されていないため、サーバーのデフォルトのモデル（{{fallback}}）を使いました。/設定 で別のモデルを選んでください。',
  },
  defaults: {
    catalogNotLoaded:
      'ボットの起動以降、生成サービスに接続できていないため、モデル・アスペクト比・解像度をまだ確認できません。何も保存されていません。1分ほどしてからもう一度お試しください。',
    cantSave: 'このデフォルト設定は保存できません：\n{{problems}}\n何も保存されていません。',
    noSuchModel: '{{option}}：モデル`{{model}}`はありません。/モデル で一覧を確認できます。',
    makesImages:
      '{{option}}：{{model}}は動画ではなく画像を生成するモデルです。{{other}}として選んでください。',
    makesVideos:
      '{{option}}：{{model}}は画像ではなく動画を生成するモデルです。{{other}}として選んでください。',
    storedGone: {
      image:
        '{{option}}：あなたのデフォルトの画像モデル`{{model}}`は現在提供されていません。一緒に別の{{option}}を指定してください。',
      video:
        '{{option}}：あなたのデフォルトの動画モデル`{{model}}`は現在提供されていません。一緒に別の{{option}}を指定してください。',
    },
    serverDefault: '{{model}}（サーバーのデフォルト）',
    takesNo: {
      aspect_ratio: '{{option}}：{{model}}はアスペクト比を指定できません。',
      resolution: '{{option}}：{{model}}は解像度を指定できません。',
    },
    notTaken: {
      aspect_ratio:
        '{{option}}：{{model}}はアスペクト比`{{value}}`に対応していません。対応しているのは{{values}}です。',
      resolution:
        '{{option}}：{{model}}は解像度`{{value}}`に対応していません。対応しているのは{{values}}です。',
    },
    cleared: {
      image: {
        aspect_ratio:
          '画像のデフォルトのアスペクト比（{{value}}）を解除しました：{{model}}が対応していません。',
        resolution: '画像のデフォルトの解像度（{{value}}）を解除しました：{{model}}が対応していません。',
      },
      video: {
        aspect_ratio:
          '動画のデフォルトのアスペクト比（{{value}}）を解除しました：{{model}}が対応していません。',
        resolution: '動画のデフォルトの解像度（{{value}}）を解除しました：{{model}}が対応していません。',
      },
    },
  },
} satisfies Texts<'ja', 'generate'>;
