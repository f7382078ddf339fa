import type { Texts } from '../../messages.ts';

export default {
  command: {
    imagine: { name: 'imaginar', description: 'Crie uma imagem a partir de um prompt' },
    video: { name: 'vídeo', description: 'Crie um vídeo a partir de um prompt' },
    videoPro: {
      name: 'vídeo-pro',
      description: 'Crie um vídeo com as opções próprias de uma família de modelos',
      motion: 'Modelos Motion 2.0: referências de vídeo e áudio, seed, câmera e mais',
      orbit: 'Modelos Orbit 2: estilo, marca d’água, privado',
      vista: 'Modelos Vista 3.1: um primeiro quadro ou até 3 imagens de referência',
      omni: 'Omni Flash Ext: um primeiro quadro, ou cena, personagem e objeto',
      quick: 'Quick Video 1: modos, de 6 a 30 segundos',
    },
    fromMessage: 'Gerar a partir disto',
  },
  option: {
    prompt: {
      name: 'prompt',
      image: 'O que a imagem mostra',
      video: 'O que o vídeo mostra',
    },
    model: {
      name: 'modelo',
      image: 'Modelo de imagem (com preço)',
      video: 'Modelo de vídeo (com preço)',
      motion: 'Modelo Motion (com preço)',
      orbit: 'Modelo Orbit (com preço)',
      vista: 'Modelo Vista (com preço)',
    },
    aspectRatio: { name: 'proporção', description: 'Proporção, por ex. 16:9' },
    resolution: {
      name: 'resolução',
      image: 'Resolução, por ex. 2K (custa mais)',
      video: 'Resolução, por ex. 720p',
      pro: 'Resolução, por ex. 720p (custa mais)',
    },
    image: {
      name: 'imagem',
      reference: 'Uma imagem de referência',
      firstFrame: 'O primeiro quadro',
      firstOrReference: 'O primeiro quadro ou uma imagem de referência',
      firstAlone: 'O primeiro quadro (sozinho)',
    },
    imageN: { name: 'imagem{{n}}', description: 'Imagem de referência {{n}}' },
    imageUrls: {
      name: 'urls-de-imagens',
      description: 'Mais URLs de imagens de referência, separadas por espaços',
    },
    count: {
      name: 'quantidade',
      description: 'Quantas versões deste pedido, mostradas juntas (1 a 4; cada uma é cobrada)',
    },
    duration: { name: 'duração', description: 'Duração em segundos' },
    mode: {
      name: 'modo',
      video: 'Modo (modelos que têm modos)',
      quick: 'Modo',
      vista: 'frame: a imagem vira o primeiro quadro; ingredient: até 3 referências',
      frame: 'frame (a imagem é o primeiro quadro)',
      ingredient: 'ingredient (até 3 imagens de referência)',
    },
    style: { name: 'estilo', video: 'Estilo (modelos Orbit)', orbit: 'Estilo visual' },
    generateAudio: {
      name: 'gerar-áudio',
      video: 'Gerar áudio (modelos Motion)',
      motion: 'Gerar áudio com o vídeo',
    },
    seed: {
      name: 'seed',
      video: 'Seed para resultados parecidos (modelos Motion)',
      motion: 'O mesmo seed e prompt dão resultados parecidos',
    },
    returnLastFrame: {
      name: 'último-quadro',
      video: 'Devolver também o último quadro, para continuar (modelos Motion)',
      motion: 'Devolver também o último quadro como imagem',
    },
    video: { name: 'vídeo', description: 'Um vídeo de referência (MP4, WebM, MOV); reduz o preço' },
    videoN: { name: 'vídeo{{n}}', description: 'Vídeo de referência {{n}}' },
    audio: { name: 'áudio', description: 'Um arquivo de áudio de referência (MP3, WAV, M4A, OGG)' },
    audioN: { name: 'áudio{{n}}', description: 'Áudio de referência {{n}}' },
    cameraFixed: { name: 'câmera-fixa', description: 'Manter a câmera parada' },
    webSearch: { name: 'busca-na-web', description: 'Deixar o modelo buscar na web' },
    watermark: { name: 'marca-dágua', description: 'Adicionar uma marca d’água' },
    private: { name: 'privado', description: 'Pedir ao serviço que mantenha o vídeo privado' },
    scene: { name: 'cena', description: 'A cena (com personagem e objeto)' },
    character: { name: 'personagem', description: 'O personagem (com cena e objeto)' },
    object: { name: 'objeto', description: 'O objeto (com cena e personagem)' },
  },

  serversOnly: 'Este comando só funciona em servidores.',
  channelsOnly: 'Isto só funciona em canais de um servidor.',
  catalogNotReady:
    'O serviço de geração não está acessível desde que o bot iniciou, então ele ainda não conhece os modelos. Nada foi enviado; tente de novo em um minuto.',
  makesImages: '{{model}} cria imagens; use /imaginar para ele.',
  makesVideos: '{{model}} cria vídeos; use /vídeo para ele.',
  unknownModel: 'Modelo desconhecido “{{model}}”.',
  cantSend: 'Este pedido não pode ser enviado:\n{{errors}}\nNada foi cobrado.',
  onlyInChannels: 'Gerações só podem ser feitas em {{channels}}.',
  spicyOnlyAgeRestricted: 'O modo spicy só pode ser usado em canais com restrição de idade.',
  promptNotAllowed:
    'Este prompt contém uma palavra que este servidor não permite. Nada foi enviado nem cobrado.',
  rulesUnreadable: 'Não foi possível ler as regras do servidor agora.',
  nothingSent: 'Nada foi enviado.',
  outcome: {
    insufficientBalance:
      'O saldo compartilhado do bot no serviço de geração acabou, então nada foi criado. Nada foi cobrado da sua cota; um admin pode adicionar saldo.',
    rejected: 'O serviço de geração recusou este pedido:\n{{errors}}\nNada foi cobrado da sua cota.',
    unconfirmed:
      'O serviço de geração não confirmou este pedido, então não dá para saber se ele foi enviado. Nada foi cobrado da sua cota; se o serviço o criou mesmo assim, o resultado vai aparecer aqui em alguns minutos. Espere um pouco antes de tentar de novo.',
    failed:
      'Não foi possível enviar o pedido ao serviço de geração. Nada foi cobrado da sua cota; tente de novo daqui a pouco.',
    gaveUp_one:
      'O serviço de geração estava sobrecarregado: este pedido esperou {{count, number}} minuto por capacidade e não foi enviado. Nada foi cobrado da sua cota; tente de novo mais tarde.',
    gaveUp_many:
      'O serviço de geração estava sobrecarregado: este pedido esperou {{count, number}} de minutos por capacidade e não foi enviado. Nada foi cobrado da sua cota; tente de novo mais tarde.',
    gaveUp_other:
      'O serviço de geração estava sobrecarregado: este pedido esperou {{count, number}} minutos por capacidade e não foi enviado. Nada foi cobrado da sua cota; tente de novo mais tarde.',
    refused: '{{reason}} Este pedido esperou a vez dele e não foi enviado; nada foi cobrado.',
  },

  takes: {
    noneSent_one: 'A versão não pôde ser enviada: {{reasons}}. Nada foi cobrado da sua cota.',
    noneSent_many:
      'Nenhuma das {{count, number}} de versões pôde ser enviada: {{reasons}}. Nada foi cobrado da sua cota.',
    noneSent_other:
      'Nenhuma das {{count, number}} versões pôde ser enviada: {{reasons}}. Nada foi cobrado da sua cota.',
    reason: {
      sent: 'enviada',
      unconfirmed: 'não confirmada',
      rejected: 'o serviço recusou o pedido',
      failed: 'não foi possível acessar o serviço',
      gaveUp: 'o serviço estava sobrecarregado',
      notRecorded: 'o bot não conseguiu registrá-las',
      cancelled: 'cancelada',
      refused: 'as regras do servidor mudaram',
    },
  },

  refusal: {
    inFlight_one:
      'Você já tem {{count, number}} geração em andamento (o limite é {{cap, number}}). Espere uma terminar.',
    inFlight_many:
      'Você já tem {{count, number}} de gerações em andamento (o limite é {{cap, number}}). Espere uma terminar.',
    inFlight_other:
      'Você já tem {{count, number}} gerações em andamento (o limite é {{cap, number}}). Espere uma terminar.',
    inFlightUnknown: 'Você já tem gerações demais em andamento. Espere uma terminar.',
    budget:
      'O orçamento de geração deste servidor acabou por enquanto: restam {{left, money}}, e isto custa cerca de {{cost, money}}.',
    allowance:
      'Isto custa cerca de {{cost, money}}, mas restam {{left, money}} da sua cota de {{allowance, money}}.',
    allowanceWithTopup:
      'Isto custa cerca de {{cost, money}}, mas restam {{left, money}} da sua cota de {{allowance, money}} e da sua recarga juntas.',
    resets: 'Ela é renovada {{when}}.',
    noReset: 'Ela não é renovada.',
    batchAllowanceSome_one:
      '{{count, number}} versão custa cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} na sua cota: dá para {{fits, number}} das {{count, number}} versões (peça de novo com `quantidade:{{fits}}`). Nada foi enviado nem cobrado.',
    batchAllowanceSome_many:
      '{{count, number}} de versões custam cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} na sua cota: dá para {{fits, number}} das {{count, number}} de versões (peça de novo com `quantidade:{{fits}}`). Nada foi enviado nem cobrado.',
    batchAllowanceSome_other:
      '{{count, number}} versões custam cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} na sua cota: dá para {{fits, number}} das {{count, number}} versões (peça de novo com `quantidade:{{fits}}`). Nada foi enviado nem cobrado.',
    batchAllowanceNone_one:
      '{{count, number}} versão custa cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} na sua cota: não dá nem para uma versão. Nada foi enviado nem cobrado.',
    batchAllowanceNone_many:
      '{{count, number}} de versões custam cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} na sua cota: não dá nem para uma versão. Nada foi enviado nem cobrado.',
    batchAllowanceNone_other:
      '{{count, number}} versões custam cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} na sua cota: não dá nem para uma versão. Nada foi enviado nem cobrado.',
    batchBudgetSome_one:
      '{{count, number}} versão custa cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} no orçamento deste servidor: dá para {{fits, number}} das {{count, number}} versões (peça de novo com `quantidade:{{fits}}`). Nada foi enviado nem cobrado.',
    batchBudgetSome_many:
      '{{count, number}} de versões custam cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} no orçamento deste servidor: dá para {{fits, number}} das {{count, number}} de versões (peça de novo com `quantidade:{{fits}}`). Nada foi enviado nem cobrado.',
    batchBudgetSome_other:
      '{{count, number}} versões custam cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} no orçamento deste servidor: dá para {{fits, number}} das {{count, number}} versões (peça de novo com `quantidade:{{fits}}`). Nada foi enviado nem cobrado.',
    batchBudgetNone_one:
      '{{count, number}} versão custa cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} no orçamento deste servidor: não dá nem para uma versão. Nada foi enviado nem cobrado.',
    batchBudgetNone_many:
      '{{count, number}} de versões custam cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} no orçamento deste servidor: não dá nem para uma versão. Nada foi enviado nem cobrado.',
    batchBudgetNone_other:
      '{{count, number}} versões custam cerca de {{total, money}} no total ({{each, money}} cada), mas restam {{left, money}} no orçamento deste servidor: não dá nem para uma versão. Nada foi enviado nem cobrado.',
  },

  pro: {
    omniImages:
      'O Omni Flash Ext aceita uma imagem (o primeiro quadro) ou exatamente três: cena, personagem e objeto juntos. Nada foi enviado nem cobrado.',
    notInFamily:
      '“{{model}}” não é um dos modelos {{family}} ({{models}}); o /vídeo aceita qualquer modelo. Nada foi enviado nem cobrado.',
  },

  attachment: {
    notImage:
      'O anexo “{{name}}” informado em `{{option}}` não é uma imagem: {{found}}. Nada foi enviado nem cobrado.',
    notVideo:
      'O anexo “{{name}}” informado em `{{option}}` não é um vídeo (MP4, WebM ou MOV): {{found}}. Nada foi enviado nem cobrado.',
    notAudio:
      'O anexo “{{name}}” informado em `{{option}}` não é um arquivo de áudio (MP3, WAV, M4A ou OGG): {{found}}. Nada foi enviado nem cobrado.',
    isImage: 'é uma imagem',
    isVideo: 'é um vídeo',
    isAudio: 'é um arquivo de áudio',
    isFormatNotTaken: 'é {{type}}, um formato que o serviço não aceita',
    isType: 'é {{type}}',
    isUnknown: 'o tipo é desconhecido',
  },
  references: {
    image_one: '{{count, number}} imagem',
    image_many: '{{count, number}} de imagens',
    image_other: '{{count, number}} imagens',
    video_one: '{{count, number}} vídeo',
    video_many: '{{count, number}} de vídeos',
    video_other: '{{count, number}} vídeos',
    audio_one: '{{count, number}} arquivo de áudio',
    audio_many: '{{count, number}} de arquivos de áudio',
    audio_other: '{{count, number}} arquivos de áudio',
    none: 'nada',
  },

  fromMessage: {
    noAttachments:
      'Esta mensagem não tem imagem, vídeo nem áudio anexado, então não há nada a partir do que gerar. Nada foi enviado nem cobrado.',
    expired:
      'Este formulário não está mais aberto (ele dura 15 minutos). Use “Gerar a partir disto” na mensagem de novo; nada foi enviado nem cobrado.',
    noModelTakes:
      'Nenhum modelo aceita {{references}} juntos como referências. Nada foi enviado nem cobrado.',
    modelGone: 'O modelo “{{model}}” não é mais oferecido. Nada foi enviado nem cobrado.',
    title: 'Gerar a partir desta mensagem',
    prompt: 'Prompt',
    model: 'Modelo',
    modelHint: 'Os modelos que aceitam {{references}}; preços com os valores padrão deles.',
    more: 'Mais arquivos (opcional)',
    moreHint: 'Entram depois dos anexos da mensagem; cada modelo tem seu próprio limite.',
  },

  style: {
    none: 'nenhum',
    thanksgiving: 'Ação de Graças',
    comic: 'quadrinhos',
    news: 'notícias',
    selfie: 'selfie',
    nostalgic: 'nostálgico',
    anime: 'anime',
  },
  choice: {
    price: '{{model}} · {{price}}',
    priceFrom: '{{model}} · a partir de {{price}}',
    about: 'cerca de {{amount, money}}',
  },

  defaultModelGone: {
    image:
      'Seu modelo de imagem padrão `{{model}}` não é mais oferecido, então foi usado o padrão do servidor: {{fallback}}. Escolha outro com /configurações.',
    video:
      'Seu modelo de vídeo padrão `{{model}}` não é mais oferecido, então foi usado o padrão do servidor: {{fallback}}. Escolha outro com /configurações.',
  },
  defaults: {
    catalogNotLoaded:
      'O serviço de geração não está acessível desde que o bot iniciou, então o bot ainda não consegue verificar modelos, proporções ou resoluções. Nada foi salvo; tente de novo em um minuto.',
    cantSave: 'Estes padrões não podem ser salvos:\n{{problems}}\nNada foi salvo.',
    noSuchModel: '{{option}}: não existe o modelo `{{model}}`. O /modelos lista todos.',
    makesImages: '{{option}}: {{model}} cria imagens, não vídeos; escolha-o como {{other}}.',
    makesVideos: '{{option}}: {{model}} cria vídeos, não imagens; escolha-o como {{other}}.',
    storedGone: {
      image:
        '{{option}}: seu modelo de imagem padrão `{{model}}` não é mais oferecido; informe outro {{option}} junto com isto.',
      video:
        '{{option}}: seu modelo de vídeo padrão `{{model}}` não é mais oferecido; informe outro {{option}} junto com isto.',
    },
    serverDefault: '{{model}} (o padrão do servidor)',
    takesNo: {
      aspect_ratio: '{{option}}: {{model}} não aceita proporção.',
      resolution: '{{option}}: {{model}} não aceita resolução.',
    },
    notTaken: {
      aspect_ratio: '{{option}}: {{model}} não aceita a proporção `{{value}}`; ele aceita {{values}}.',
      resolution: '{{option}}: {{model}} não aceita a resolução `{{value}}`; ele aceita {{values}}.',
    },
    cleared: {
      image: {
        aspect_ratio: 'Sua proporção padrão para imagens ({{value}}) foi removida: {{model}} não a aceita.',
        resolution: 'Sua resolução padrão para imagens ({{value}}) foi removida: {{model}} não a aceita.',
      },
      video: {
        aspect_ratio: 'Sua proporção padrão para vídeos ({{value}}) foi removida: {{model}} não a aceita.',
        resolution: 'Sua resolução padrão para vídeos ({{value}}) foi removida: {{model}} não a aceita.',
      },
    },
  },
} satisfies Texts<'pt-BR', 'generate'>;
