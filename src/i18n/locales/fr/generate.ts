import type { Texts } from '../../messages.ts';

export default {
  command: {
    imagine: { name: 'imaginer', description: 'Crée une image à partir d’un prompt' },
    video: { name: 'vidéo', description: 'Crée une vidéo à partir d’un prompt' },
    videoPro: {
      name: 'vidéo-pro',
      description: 'Crée une vidéo avec les options propres à une famille de modèles',
      motion: 'Modèles Motion 2.0: références vidéo et audio, seed, caméra et plus',
      orbit: 'Modèles Orbit 2: style, filigrane, privé',
      vista: 'Modèles Vista 3.1: une première image, ou jusqu’à 3 images de référence',
      omni: 'Omni Flash Ext: une première image, ou scène, personnage et objet',
      quick: 'Quick Video 1: modes, de 6 à 30 secondes',
    },
    fromMessage: 'Générer à partir de ceci',
  },
  option: {
    prompt: {
      name: 'prompt',
      image: 'Ce que montre l’image',
      video: 'Ce que montre la vidéo',
    },
    model: {
      name: 'modèle',
      image: 'Modèle d’image (prix affiché)',
      video: 'Modèle vidéo (prix affiché)',
      motion: 'Modèle Motion (prix affiché)',
      orbit: 'Modèle Orbit (prix affiché)',
      vista: 'Modèle Vista (prix affiché)',
    },
    aspectRatio: { name: 'format', description: 'Format, par ex. 16:9' },
    resolution: {
      name: 'résolution',
      image: 'Résolution, par ex. 2K (plus cher)',
      video: 'Résolution, par ex. 720p',
      pro: 'Résolution, par ex. 720p (plus cher)',
    },
    image: {
      name: 'image',
      reference: 'Une image de référence',
      firstFrame: 'La première image de la vidéo',
      firstOrReference: 'La première image de la vidéo, ou une image de référence',
      firstAlone: 'La première image de la vidéo (seule)',
    },
    imageN: { name: 'image{{n}}', description: 'Image de référence {{n}}' },
    imageUrls: {
      name: 'urls-images',
      description: 'D’autres URL d’images de référence, séparées par des espaces',
    },
    count: {
      name: 'nombre',
      description: 'Combien de versions de cette demande, affichées ensemble (1 à 4; chacune est facturée)',
    },
    duration: { name: 'durée', description: 'Durée en secondes' },
    mode: {
      name: 'mode',
      video: 'Mode (pour les modèles qui en ont)',
      quick: 'Mode',
      vista: 'frame: l’image devient la première image; ingredient: jusqu’à 3 références',
      frame: 'frame (l’image est la première image)',
      ingredient: 'ingredient (jusqu’à 3 images de référence)',
    },
    style: { name: 'style', video: 'Style (modèles Orbit)', orbit: 'Style visuel' },
    generateAudio: {
      name: 'générer-audio',
      video: 'Générer l’audio (modèles Motion)',
      motion: 'Générer l’audio avec la vidéo',
    },
    seed: {
      name: 'seed',
      video: 'Seed pour des résultats proches (modèles Motion)',
      motion: 'Même seed et même prompt donnent des résultats proches',
    },
    returnLastFrame: {
      name: 'dernière-image',
      video: 'Renvoyer aussi la dernière image, pour enchaîner (modèles Motion)',
      motion: 'Renvoyer aussi la dernière image de la vidéo',
    },
    video: { name: 'vidéo', description: 'Une vidéo de référence (MP4, WebM, MOV); baisse le prix' },
    videoN: { name: 'vidéo{{n}}', description: 'Vidéo de référence {{n}}' },
    audio: { name: 'audio', description: 'Un fichier audio de référence (MP3, WAV, M4A, OGG)' },
    audioN: { name: 'audio{{n}}', description: 'Audio de référence {{n}}' },
    cameraFixed: { name: 'caméra-fixe', description: 'Garder la caméra immobile' },
    webSearch: { name: 'recherche-web', description: 'Laisser le modèle chercher sur le web' },
    watermark: { name: 'filigrane', description: 'Ajouter un filigrane' },
    private: { name: 'privé', description: 'Demander au service de garder la vidéo privée' },
    scene: { name: 'scène', description: 'La scène (avec personnage et objet)' },
    character: { name: 'personnage', description: 'Le personnage (avec scène et objet)' },
    object: { name: 'objet', description: 'L’objet (avec scène et personnage)' },
  },

  serversOnly: 'Cette commande ne fonctionne que sur un serveur.',
  channelsOnly: 'Ceci ne fonctionne que dans les salons d’un serveur.',
  catalogNotReady:
    'Le service de génération est injoignable depuis le démarrage du bot, qui ne connaît donc pas encore les modèles. Rien n’a été envoyé; réessaie dans une minute.',
  makesImages: '{{model}} crée des images; utilise /imaginer pour ce modèle.',
  makesVideos: '{{model}} crée des vidéos; utilise /vidéo pour ce modèle.',
  unknownModel: 'Modèle inconnu « {{model}} ».',
  cantSend: 'Cette demande ne peut pas être envoyée:\n{{errors}}\nRien n’a été facturé.',
  onlyInChannels: 'Les générations ne sont possibles que dans {{channels}}.',
  spicyOnlyAgeRestricted: 'Le mode spicy n’est possible que dans les salons soumis à une limite d’âge.',
  promptNotAllowed:
    'Ce prompt contient un mot que ce serveur n’autorise pas. Rien n’a été envoyé ni facturé.',
  rulesUnreadable: 'Les règles du serveur n’ont pas pu être lues pour le moment.',
  nothingSent: 'Rien n’a été envoyé.',
  outcome: {
    insufficientBalance:
      'Le solde partagé du bot auprès du service de génération est épuisé, donc rien n’a été créé. Rien n’a été facturé sur ton quota; un admin peut recharger le solde.',
    rejected:
      'Le service de génération a refusé cette demande:\n{{errors}}\nRien n’a été facturé sur ton quota.',
    unconfirmed:
      'Le service de génération n’a pas confirmé cette demande, on ne sait donc pas si elle a été prise en compte. Rien n’a été facturé sur ton quota; si le service l’a créée malgré tout, le résultat apparaîtra ici d’ici quelques minutes. Attends un peu avant de réessayer.',
    failed:
      'La demande n’a pas pu être envoyée au service de génération. Rien n’a été facturé sur ton quota; réessaie dans un instant.',
    gaveUp_one:
      'Le service de génération était surchargé: cette demande a attendu {{count, number}} minute une place libre et n’a pas été envoyée. Rien n’a été facturé sur ton quota; réessaie plus tard.',
    gaveUp_many:
      'Le service de génération était surchargé: cette demande a attendu {{count, number}} de minutes une place libre et n’a pas été envoyée. Rien n’a été facturé sur ton quota; réessaie plus tard.',
    gaveUp_other:
      'Le service de génération était surchargé: cette demande a attendu {{count, number}} minutes une place libre et n’a pas été envoyée. Rien n’a été facturé sur ton quota; réessaie plus tard.',
    refused: '{{reason}} Cette demande a attendu son tour et n’a pas été envoyée; rien n’a été facturé.',
  },

  takes: {
    noneSent_one: 'La version n’a pas pu être envoyée: {{reasons}}. Rien n’a été facturé sur ton quota.',
    noneSent_many:
      'Aucune des {{count, number}} de versions n’a pu être envoyée: {{reasons}}. Rien n’a été facturé sur ton quota.',
    noneSent_other:
      'Aucune des {{count, number}} versions n’a pu être envoyée: {{reasons}}. Rien n’a été facturé sur ton quota.',
    reason: {
      sent: 'envoyée',
      unconfirmed: 'non confirmée',
      rejected: 'le service a refusé la demande',
      failed: 'le service était injoignable',
      gaveUp: 'le service était surchargé',
      notRecorded: 'le bot n’a pas pu les enregistrer',
      cancelled: 'annulée',
      refused: 'les règles du serveur ont changé',
    },
  },

  refusal: {
    inFlight_one:
      'Tu as déjà {{count, number}} génération en cours (la limite est de {{cap, number}}). Attends qu’une se termine.',
    inFlight_many:
      'Tu as déjà {{count, number}} de générations en cours (la limite est de {{cap, number}}). Attends qu’une se termine.',
    inFlight_other:
      'Tu as déjà {{count, number}} générations en cours (la limite est de {{cap, number}}). Attends qu’une se termine.',
    inFlightUnknown: 'Tu as déjà trop de générations en cours. Attends qu’une se termine.',
    budget:
      'Le budget de génération de ce serveur est épuisé pour l’instant: il reste {{left, money}}, et ceci coûte environ {{cost, money}}.',
    allowance:
      'Ceci coûte environ {{cost, money}}, mais il te reste {{left, money}} sur ton quota de {{allowance, money}}.',
    allowanceWithTopup:
      'Ceci coûte environ {{cost, money}}, mais il te reste {{left, money}} sur ton quota de {{allowance, money}} et ta recharge réunis.',
    resets: 'Il se renouvelle {{when}}.',
    noReset: 'Il ne se renouvelle pas.',
    batchAllowanceSome_one:
      '{{count, number}} version coûte environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} sur ton quota: assez pour {{fits, number}} des {{count, number}} versions (redemande avec `nombre:{{fits}}`). Rien n’a été envoyé ni facturé.',
    batchAllowanceSome_many:
      '{{count, number}} de versions coûtent environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} sur ton quota: assez pour {{fits, number}} des {{count, number}} de versions (redemande avec `nombre:{{fits}}`). Rien n’a été envoyé ni facturé.',
    batchAllowanceSome_other:
      '{{count, number}} versions coûtent environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} sur ton quota: assez pour {{fits, number}} des {{count, number}} versions (redemande avec `nombre:{{fits}}`). Rien n’a été envoyé ni facturé.',
    batchAllowanceNone_one:
      '{{count, number}} version coûte environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} sur ton quota: pas assez pour une seule version. Rien n’a été envoyé ni facturé.',
    batchAllowanceNone_many:
      '{{count, number}} de versions coûtent environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} sur ton quota: pas assez pour une seule version. Rien n’a été envoyé ni facturé.',
    batchAllowanceNone_other:
      '{{count, number}} versions coûtent environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} sur ton quota: pas assez pour une seule version. Rien n’a été envoyé ni facturé.',
    batchBudgetSome_one:
      '{{count, number}} version coûte environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} au budget de ce serveur: assez pour {{fits, number}} des {{count, number}} versions (redemande avec `nombre:{{fits}}`). Rien n’a été envoyé ni facturé.',
    batchBudgetSome_many:
      '{{count, number}} de versions coûtent environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} au budget de ce serveur: assez pour {{fits, number}} des {{count, number}} de versions (redemande avec `nombre:{{fits}}`). Rien n’a été envoyé ni facturé.',
    batchBudgetSome_other:
      '{{count, number}} versions coûtent environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} au budget de ce serveur: assez pour {{fits, number}} des {{count, number}} versions (redemande avec `nombre:{{fits}}`). Rien n’a été envoyé ni facturé.',
    batchBudgetNone_one:
      '{{count, number}} version coûte environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} au budget de ce serveur: pas assez pour une seule version. Rien n’a été envoyé ni facturé.',
    batchBudgetNone_many:
      '{{count, number}} de versions coûtent environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} au budget de ce serveur: pas assez pour une seule version. Rien n’a été envoyé ni facturé.',
    batchBudgetNone_other:
      '{{count, number}} versions coûtent environ {{total, money}} au total ({{each, money}} chacune), mais il reste {{left, money}} au budget de ce serveur: pas assez pour une seule version. Rien n’a été envoyé ni facturé.',
  },

  pro: {
    omniImages:
      'Omni Flash Ext prend soit une image (la première image de la vidéo), soit exactement trois: scène, personnage et objet ensemble. Rien n’a été envoyé ni facturé.',
    notInFamily:
      '« {{model}} » ne fait pas partie des modèles {{family}} ({{models}}); /vidéo accepte tous les modèles. Rien n’a été envoyé ni facturé.',
  },

  attachment: {
    notImage:
      'La pièce jointe « {{name}} » donnée pour `{{option}}` n’est pas une image: {{found}}. Rien n’a été envoyé ni facturé.',
    notVideo:
      'La pièce jointe « {{name}} » donnée pour `{{option}}` n’est pas une vidéo (MP4, WebM ou MOV): {{found}}. Rien n’a été envoyé ni facturé.',
    notAudio:
      'La pièce jointe « {{name}} » donnée pour `{{option}}` n’est pas un fichier audio (MP3, WAV, M4A ou OGG): {{found}}. Rien n’a été envoyé ni facturé.',
    isImage: 'c’est une image',
    isVideo: 'c’est une vidéo',
    isAudio: 'c’est un fichier audio',
    isFormatNotTaken: 'c’est du {{type}}, un format que le service n’accepte pas',
    isType: 'c’est du {{type}}',
    isUnknown: 'son type est inconnu',
  },
  references: {
    image_one: '{{count, number}} image',
    image_many: '{{count, number}} d’images',
    image_other: '{{count, number}} images',
    video_one: '{{count, number}} vidéo',
    video_many: '{{count, number}} de vidéos',
    video_other: '{{count, number}} vidéos',
    audio_one: '{{count, number}} fichier audio',
    audio_many: '{{count, number}} de fichiers audio',
    audio_other: '{{count, number}} fichiers audio',
    none: 'rien',
  },

  fromMessage: {
    noAttachments:
      'Ce message n’a ni image, ni vidéo, ni audio en pièce jointe: il n’y a rien à partir de quoi générer. Rien n’a été envoyé ni facturé.',
    expired:
      'Ce formulaire n’est plus ouvert (il dure 15 minutes). Relance « Générer à partir de ceci » sur le message; rien n’a été envoyé ni facturé.',
    noModelTakes:
      'Aucun modèle n’accepte {{references}} ensemble comme références. Rien n’a été envoyé ni facturé.',
    modelGone: 'Le modèle « {{model}} » n’est plus proposé. Rien n’a été envoyé ni facturé.',
    title: 'Générer à partir de ce message',
    prompt: 'Prompt',
    model: 'Modèle',
    modelHint: 'Les modèles qui acceptent {{references}}; prix avec leurs réglages par défaut.',
    more: 'Autres fichiers (facultatif)',
    moreHint: 'Ajoutés après les pièces jointes du message; chaque modèle a sa propre limite.',
  },

  style: {
    none: 'aucun',
    thanksgiving: 'Thanksgiving',
    comic: 'BD',
    news: 'actualités',
    selfie: 'selfie',
    nostalgic: 'nostalgique',
    anime: 'anime',
  },
  choice: {
    price: '{{model}} · {{price}}',
    priceFrom: '{{model}} · dès {{price}}',
    about: 'environ {{amount, money}}',
  },

  defaultModelGone: {
    image:
      'Ton modèle d’image par défaut `{{model}}` n’est plus proposé, donc celui du serveur a été utilisé: {{fallback}}. Choisis-en un autre avec /paramètres.',
    video:
      'Ton modèle vidéo par défaut `{{model}}` n’est plus proposé, donc celui du serveur a été utilisé: {{fallback}}. Choisis-en un autre avec /paramètres.',
  },
  defaults: {
    catalogNotLoaded:
      'Le service de génération est injoignable depuis le démarrage du bot, qui ne peut donc pas encore vérifier les modèles, formats ou résolutions. Rien n’a été enregistré; réessaie dans une minute.',
    cantSave:
      'Ces réglages par défaut ne peuvent pas être enregistrés:\n{{problems}}\nRien n’a été enregistré.',
    noSuchModel: '{{option}}: il n’existe pas de modèle `{{model}}`. /modèles les liste.',
    makesImages: '{{option}}: {{model}} crée des images, pas des vidéos; choisis-le comme {{other}}.',
    makesVideos: '{{option}}: {{model}} crée des vidéos, pas des images; choisis-le comme {{other}}.',
    storedGone: {
      image:
        '{{option}}: ton modèle d’image par défaut `{{model}}` n’est plus proposé; indique un autre {{option}} avec ceci.',
      video:
        '{{option}}: ton modèle vidéo par défaut `{{model}}` n’est plus proposé; indique un autre {{option}} avec ceci.',
    },
    serverDefault: '{{model}} (modèle par défaut du serveur)',
    takesNo: {
      aspect_ratio: '{{option}}: {{model}} ne prend pas de format.',
      resolution: '{{option}}: {{model}} ne prend pas de résolution.',
    },
    notTaken: {
      aspect_ratio: '{{option}}: {{model}} ne prend pas le format `{{value}}`; il prend {{values}}.',
      resolution: '{{option}}: {{model}} ne prend pas la résolution `{{value}}`; il prend {{values}}.',
    },
    cleared: {
      image: {
        aspect_ratio: 'Ton format d’image par défaut {{value}} a été retiré: {{model}} ne le prend pas.',
        resolution: 'Ta résolution d’image par défaut {{value}} a été retirée: {{model}} ne la prend pas.',
      },
      video: {
        aspect_ratio: 'Ton format vidéo par défaut {{value}} a été retiré: {{model}} ne le prend pas.',
        resolution: 'Ta résolution vidéo par défaut {{value}} a été retirée: {{model}} ne la prend pas.',
      },
    },
  },
} satisfies Texts<'fr', 'generate'>;
