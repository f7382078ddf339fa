import type { Texts } from '../../messages.ts';

export default {
  command: {
    imagine: { name: 'imaginar', description: 'Crea una imagen a partir de un prompt' },
    video: { name: 'vídeo', description: 'Crea un vídeo a partir de un prompt' },
    videoPro: {
      name: 'vídeo-pro',
      description: 'Crea un vídeo con las opciones propias de una familia de modelos',
      motion: 'Modelos Motion 2.0: referencias de vídeo y audio, seed, cámara y más',
      orbit: 'Modelos Orbit 2: estilo, marca de agua, privado',
      vista: 'Modelos Vista 3.1: un primer fotograma o hasta 3 imágenes de referencia',
      omni: 'Omni Flash Ext: un primer fotograma, o escena, personaje y objeto',
      quick: 'Quick Video 1: modos, de 6 a 30 segundos',
    },
    fromMessage: 'Generar a partir de esto',
  },
  option: {
    prompt: {
      name: 'prompt',
      image: 'Lo que muestra la imagen',
      video: 'Lo que muestra el vídeo',
    },
    model: {
      name: 'modelo',
      image: 'Modelo de imagen (con precio)',
      video: 'Modelo de vídeo (con precio)',
      motion: 'Modelo Motion (con precio)',
      orbit: 'Modelo Orbit (con precio)',
      vista: 'Modelo Vista (con precio)',
    },
    aspectRatio: { name: 'relación-de-aspecto', description: 'Relación de aspecto, p. ej. 16:9' },
    resolution: {
      name: 'resolución',
      image: 'Resolución, p. ej. 2K (cuesta más)',
      video: 'Resolución, p. ej. 720p',
      pro: 'Resolución, p. ej. 720p (cuesta más)',
    },
    image: {
      name: 'imagen',
      reference: 'Una imagen de referencia',
      firstFrame: 'El primer fotograma',
      firstOrReference: 'El primer fotograma o una imagen de referencia',
      firstAlone: 'El primer fotograma (solo)',
    },
    imageN: { name: 'imagen{{n}}', description: 'Imagen de referencia {{n}}' },
    imageUrls: {
      name: 'urls-de-imágenes',
      description: 'Más URL de imágenes de referencia, separadas por espacios',
    },
    count: {
      name: 'cantidad',
      description: 'Cuántas versiones de esta solicitud, mostradas juntas (1 a 4; cada una se cobra)',
    },
    duration: { name: 'duración', description: 'Duración en segundos' },
    mode: {
      name: 'modo',
      video: 'Modo (modelos que tienen modos)',
      quick: 'Modo',
      vista: 'frame: la imagen es el primer fotograma; ingredient: hasta 3 referencias',
      frame: 'frame (la imagen es el primer fotograma)',
      ingredient: 'ingredient (hasta 3 imágenes de referencia)',
    },
    style: { name: 'estilo', video: 'Estilo (modelos Orbit)', orbit: 'Estilo visual' },
    generateAudio: {
      name: 'generar-audio',
      video: 'Generar audio (modelos Motion)',
      motion: 'Generar audio con el vídeo',
    },
    seed: {
      name: 'seed',
      video: 'Seed para resultados parecidos (modelos Motion)',
      motion: 'El mismo seed y prompt dan resultados parecidos',
    },
    returnLastFrame: {
      name: 'último-fotograma',
      video: 'Devolver también el último fotograma, para continuar (modelos Motion)',
      motion: 'Devolver también el último fotograma como imagen',
    },
    video: { name: 'vídeo', description: 'Un vídeo de referencia (MP4, WebM, MOV); baja el precio' },
    videoN: { name: 'vídeo{{n}}', description: 'Vídeo de referencia {{n}}' },
    audio: { name: 'audio', description: 'Un archivo de audio de referencia (MP3, WAV, M4A, OGG)' },
    audioN: { name: 'audio{{n}}', description: 'Audio de referencia {{n}}' },
    cameraFixed: { name: 'cámara-fija', description: 'Mantener la cámara quieta' },
    webSearch: { name: 'búsqueda-web', description: 'Dejar que el modelo busque en la web' },
    watermark: { name: 'marca-de-agua', description: 'Añadir una marca de agua' },
    private: { name: 'privado', description: 'Pedir al servicio que mantenga el vídeo privado' },
    scene: { name: 'escena', description: 'La escena (con personaje y objeto)' },
    character: { name: 'personaje', description: 'El personaje (con escena y objeto)' },
    object: { name: 'objeto', description: 'El objeto (con escena y personaje)' },
  },

  serversOnly: 'Este comando solo funciona en servidores.',
  channelsOnly: 'Esto solo funciona en canales de un servidor.',
  catalogNotReady:
    'El servicio de generación no ha estado disponible desde que se inició el bot, así que aún no conoce los modelos. No se envió nada; inténtalo de nuevo en un minuto.',
  makesImages: '{{model}} crea imágenes; usa /imaginar para ese modelo.',
  makesVideos: '{{model}} crea vídeos; usa /vídeo para ese modelo.',
  unknownModel: 'Modelo desconocido «{{model}}».',
  cantSend: 'Esta solicitud no se puede enviar:\n{{errors}}\nNo se cobró nada.',
  onlyInChannels: 'Las generaciones solo se pueden hacer en {{channels}}.',
  spicyOnlyAgeRestricted: 'El modo spicy solo se puede usar en canales con restricción de edad.',
  promptNotAllowed:
    'Este prompt contiene una palabra que este servidor no permite. No se envió ni se cobró nada.',
  rulesUnreadable: 'No se pudieron leer las reglas del servidor en este momento.',
  nothingSent: 'No se envió nada.',
  outcome: {
    insufficientBalance:
      'El saldo compartido del bot en el servicio de generación se agotó, así que no se creó nada. No se cobró nada de tu cupo; un admin puede recargar el saldo.',
    rejected: 'El servicio de generación rechazó esta solicitud:\n{{errors}}\nNo se cobró nada de tu cupo.',
    unconfirmed:
      'El servicio de generación no confirmó esta solicitud, así que no se sabe con seguridad si se envió. No se cobró nada de tu cupo; si el servicio la creó de todos modos, el resultado aparecerá aquí en unos minutos. Espera antes de volver a intentarlo.',
    failed:
      'No se pudo enviar la solicitud al servicio de generación. No se cobró nada de tu cupo; inténtalo de nuevo en un momento.',
    gaveUp_one:
      'El servicio de generación estaba saturado: esta solicitud esperó {{count, number}} minuto a que hubiera capacidad y no se envió. No se cobró nada de tu cupo; inténtalo más tarde.',
    gaveUp_many:
      'El servicio de generación estaba saturado: esta solicitud esperó {{count, number}} de minutos a que hubiera capacidad y no se envió. No se cobró nada de tu cupo; inténtalo más tarde.',
    gaveUp_other:
      'El servicio de generación estaba saturado: esta solicitud esperó {{count, number}} minutos a que hubiera capacidad y no se envió. No se cobró nada de tu cupo; inténtalo más tarde.',
    refused: '{{reason}} Esta solicitud esperó su turno y no se envió; no se cobró nada.',
  },

  takes: {
    noneSent_one: 'No se pudo enviar la versión: {{reasons}}. No se cobró nada de tu cupo.',
    noneSent_many:
      'No se pudo enviar ninguna de las {{count, number}} de versiones: {{reasons}}. No se cobró nada de tu cupo.',
    noneSent_other:
      'No se pudo enviar ninguna de las {{count, number}} versiones: {{reasons}}. No se cobró nada de tu cupo.',
    reason: {
      sent: 'enviada',
      unconfirmed: 'sin confirmar',
      rejected: 'el servicio rechazó la solicitud',
      failed: 'no se pudo contactar con el servicio',
      gaveUp: 'el servicio estaba saturado',
      notRecorded: 'el bot no pudo registrarlas',
      cancelled: 'cancelada',
      refused: 'cambiaron las reglas del servidor',
    },
  },

  refusal: {
    inFlight_one:
      'Ya tienes {{count, number}} generación en curso (el límite es {{cap, number}}). Espera a que termine una.',
    inFlight_many:
      'Ya tienes {{count, number}} de generaciones en curso (el límite es {{cap, number}}). Espera a que termine una.',
    inFlight_other:
      'Ya tienes {{count, number}} generaciones en curso (el límite es {{cap, number}}). Espera a que termine una.',
    inFlightUnknown: 'Ya tienes demasiadas generaciones en curso. Espera a que termine una.',
    budget:
      'El presupuesto de generación de este servidor se agotó por ahora: quedan {{left, money}} y esto cuesta unos {{cost, money}}.',
    allowance:
      'Esto cuesta unos {{cost, money}}, pero te quedan {{left, money}} de tu cupo de {{allowance, money}}.',
    allowanceWithTopup:
      'Esto cuesta unos {{cost, money}}, pero entre tu cupo de {{allowance, money}} y tu recarga te quedan {{left, money}}.',
    resets: 'Se renueva {{when}}.',
    noReset: 'No se renueva.',
    batchAllowanceSome_one:
      '{{count, number}} versión cuesta unos {{total, money}} en total ({{each, money}} cada una), pero a tu cupo le quedan {{left, money}}: alcanza para {{fits, number}} de las {{count, number}} versiones (vuelve a pedirlo con `cantidad:{{fits}}`). No se envió ni se cobró nada.',
    batchAllowanceSome_many:
      '{{count, number}} de versiones cuestan unos {{total, money}} en total ({{each, money}} cada una), pero a tu cupo le quedan {{left, money}}: alcanza para {{fits, number}} de las {{count, number}} de versiones (vuelve a pedirlo con `cantidad:{{fits}}`). No se envió ni se cobró nada.',
    batchAllowanceSome_other:
      '{{count, number}} versiones cuestan unos {{total, money}} en total ({{each, money}} cada una), pero a tu cupo le quedan {{left, money}}: alcanza para {{fits, number}} de las {{count, number}} versiones (vuelve a pedirlo con `cantidad:{{fits}}`). No se envió ni se cobró nada.',
    batchAllowanceNone_one:
      '{{count, number}} versión cuesta unos {{total, money}} en total ({{each, money}} cada una), pero a tu cupo le quedan {{left, money}}: no alcanza ni para una versión. No se envió ni se cobró nada.',
    batchAllowanceNone_many:
      '{{count, number}} de versiones cuestan unos {{total, money}} en total ({{each, money}} cada una), pero a tu cupo le quedan {{left, money}}: no alcanza ni para una versión. No se envió ni se cobró nada.',
    batchAllowanceNone_other:
      '{{count, number}} versiones cuestan unos {{total, money}} en total ({{each, money}} cada una), pero a tu cupo le quedan {{left, money}}: no alcanza ni para una versión. No se envió ni se cobró nada.',
    batchBudgetSome_one:
      '{{count, number}} versión cuesta unos {{total, money}} en total ({{each, money}} cada una), pero al presupuesto de este servidor le quedan {{left, money}}: alcanza para {{fits, number}} de las {{count, number}} versiones (vuelve a pedirlo con `cantidad:{{fits}}`). No se envió ni se cobró nada.',
    batchBudgetSome_many:
      '{{count, number}} de versiones cuestan unos {{total, money}} en total ({{each, money}} cada una), pero al presupuesto de este servidor le quedan {{left, money}}: alcanza para {{fits, number}} de las {{count, number}} de versiones (vuelve a pedirlo con `cantidad:{{fits}}`). No se envió ni se cobró nada.',
    batchBudgetSome_other:
      '{{count, number}} versiones cuestan unos {{total, money}} en total ({{each, money}} cada una), pero al presupuesto de este servidor le quedan {{left, money}}: alcanza para {{fits, number}} de las {{count, number}} versiones (vuelve a pedirlo con `cantidad:{{fits}}`). No se envió ni se cobró nada.',
    batchBudgetNone_one:
      '{{count, number}} versión cuesta unos {{total, money}} en total ({{each, money}} cada una), pero al presupuesto de este servidor le quedan {{left, money}}: no alcanza ni para una versión. No se envió ni se cobró nada.',
    batchBudgetNone_many:
      '{{count, number}} de versiones cuestan unos {{total, money}} en total ({{each, money}} cada una), pero al presupuesto de este servidor le quedan {{left, money}}: no alcanza ni para una versión. No se envió ni se cobró nada.',
    batchBudgetNone_other:
      '{{count, number}} versiones cuestan unos {{total, money}} en total ({{each, money}} cada una), pero al presupuesto de este servidor le quedan {{left, money}}: no alcanza ni para una versión. No se envió ni se cobró nada.',
  },

  pro: {
    omniImages:
      'Omni Flash Ext acepta una imagen (el primer fotograma) o exactamente tres: escena, personaje y objeto juntos. No se envió ni se cobró nada.',
    notInFamily:
      '«{{model}}» no es uno de los modelos {{family}} ({{models}}); /vídeo acepta cualquier modelo. No se envió ni se cobró nada.',
  },

  attachment: {
    notImage:
      'El adjunto «{{name}}» indicado en `{{option}}` no es una imagen: {{found}}. No se envió ni se cobró nada.',
    notVideo:
      'El adjunto «{{name}}» indicado en `{{option}}` no es un vídeo (MP4, WebM o MOV): {{found}}. No se envió ni se cobró nada.',
    notAudio:
      'El adjunto «{{name}}» indicado en `{{option}}` no es un archivo de audio (MP3, WAV, M4A u OGG): {{found}}. No se envió ni se cobró nada.',
    isImage: 'es una imagen',
    isVideo: 'es un vídeo',
    isAudio: 'es un archivo de audio',
    isFormatNotTaken: 'es {{type}}, un formato que el servicio no acepta',
    isType: 'es {{type}}',
    isUnknown: 'su tipo es desconocido',
  },
  references: {
    image_one: '{{count, number}} imagen',
    image_many: '{{count, number}} de imágenes',
    image_other: '{{count, number}} imágenes',
    video_one: '{{count, number}} vídeo',
    video_many: '{{count, number}} de vídeos',
    video_other: '{{count, number}} vídeos',
    audio_one: '{{count, number}} archivo de audio',
    audio_many: '{{count, number}} de archivos de audio',
    audio_other: '{{count, number}} archivos de audio',
    none: 'nada',
  },

  fromMessage: {
    noAttachments:
      'Este mensaje no tiene ninguna imagen, vídeo ni audio adjunto, así que no hay nada a partir de lo que generar. No se envió ni se cobró nada.',
    expired:
      'Este formulario ya no está abierto (dura 15 minutos). Vuelve a usar «Generar a partir de esto» en el mensaje; no se envió ni se cobró nada.',
    noModelTakes:
      'Ningún modelo acepta {{references}} juntos como referencias. No se envió ni se cobró nada.',
    modelGone: 'El modelo «{{model}}» ya no está disponible. No se envió ni se cobró nada.',
    title: 'Generar a partir de este mensaje',
    prompt: 'Prompt',
    model: 'Modelo',
    modelHint: 'Los modelos que aceptan {{references}}; precios con sus valores predeterminados.',
    more: 'Más archivos (opcional)',
    moreHint: 'Se añaden después de los adjuntos del mensaje; cada modelo tiene su propio límite.',
  },

  style: {
    none: 'ninguno',
    thanksgiving: 'Acción de Gracias',
    comic: 'cómic',
    news: 'noticias',
    selfie: 'selfi',
    nostalgic: 'nostálgico',
    anime: 'anime',
  },
  choice: {
    price: '{{model}} · {{price}}',
    priceFrom: '{{model}} · desde {{price}}',
    about: 'unos {{amount, money}}',
  },

  defaultModelGone: {
    image:
      'Tu modelo de imagen predeterminado `{{model}}` ya no está disponible, así que se usó el del servidor: {{fallback}}. Elige otro con /ajustes.',
    video:
      'Tu modelo de vídeo predeterminado `{{model}}` ya no está disponible, así que se usó el del servidor: {{fallback}}. Elige otro con /ajustes.',
  },
  defaults: {
    catalogNotLoaded:
      'El servicio de generación no ha estado disponible desde que se inició el bot, así que aún no puede comprobar modelos, relaciones de aspecto ni resoluciones. No se guardó nada; inténtalo de nuevo en un minuto.',
    cantSave: 'Estos valores predeterminados no se pueden guardar:\n{{problems}}\nNo se guardó nada.',
    noSuchModel: '{{option}}: no existe el modelo `{{model}}`. /modelos los muestra.',
    makesImages: '{{option}}: {{model}} crea imágenes, no vídeos; elígelo como {{other}}.',
    makesVideos: '{{option}}: {{model}} crea vídeos, no imágenes; elígelo como {{other}}.',
    storedGone: {
      image:
        '{{option}}: tu modelo de imagen predeterminado `{{model}}` ya no está disponible; indica otro {{option}} junto con esto.',
      video:
        '{{option}}: tu modelo de vídeo predeterminado `{{model}}` ya no está disponible; indica otro {{option}} junto con esto.',
    },
    serverDefault: '{{model}} (el predeterminado del servidor)',
    takesNo: {
      aspect_ratio: '{{option}}: {{model}} no acepta relación de aspecto.',
      resolution: '{{option}}: {{model}} no acepta resolución.',
    },
    notTaken: {
      aspect_ratio: '{{option}}: {{model}} no acepta la relación de aspecto `{{value}}`; acepta {{values}}.',
      resolution: '{{option}}: {{model}} no acepta la resolución `{{value}}`; acepta {{values}}.',
    },
    cleared: {
      image: {
        aspect_ratio:
          'Se quitó tu relación de aspecto predeterminada para imágenes ({{value}}): {{model}} no la acepta.',
        resolution:
          'Se quitó tu resolución predeterminada para imágenes ({{value}}): {{model}} no la acepta.',
      },
      video: {
        aspect_ratio:
          'Se quitó tu relación de aspecto predeterminada para vídeos ({{value}}): {{model}} no la acepta.',
        resolution: 'Se quitó tu resolución predeterminada para vídeos ({{value}}): {{model}} no la acepta.',
      },
    },
  },
} satisfies Texts<'es', 'generate'>;
