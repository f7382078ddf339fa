import type { Texts } from '../../messages.ts';

export default {
  command: {
    imagine: { name: 'bild', description: 'Erstelle ein Bild aus einem Prompt' },
    video: { name: 'video', description: 'Erstelle ein Video aus einem Prompt' },
    videoPro: {
      name: 'video-pro',
      description: 'Erstelle ein Video mit den eigenen Optionen einer Modellfamilie',
      motion: 'Motion-2.0-Modelle: Video- und Audioreferenzen, Seed, Kamera und mehr',
      orbit: 'Orbit-2-Modelle: Stil, Wasserzeichen, privat',
      vista: 'Vista-3.1-Modelle: ein erstes Frame oder bis zu 3 Referenzbilder',
      omni: 'Omni Flash Ext: ein erstes Frame oder Szene, Figur und Objekt',
      quick: 'Quick Video 1: Modi, 6 bis 30 Sekunden',
    },
    fromMessage: 'Hieraus generieren',
  },
  option: {
    prompt: {
      name: 'prompt',
      image: 'Was das Bild zeigt',
      video: 'Was das Video zeigt',
    },
    model: {
      name: 'modell',
      image: 'Bildmodell (mit Preis)',
      video: 'Videomodell (mit Preis)',
      motion: 'Motion-Modell (mit Preis)',
      orbit: 'Orbit-Modell (mit Preis)',
      vista: 'Vista-Modell (mit Preis)',
    },
    aspectRatio: { name: 'seitenverhältnis', description: 'Seitenverhältnis, z. B. 16:9' },
    resolution: {
      name: 'auflösung',
      image: 'Auflösung, z. B. 2K (kostet mehr)',
      video: 'Auflösung, z. B. 720p',
      pro: 'Auflösung, z. B. 720p (kostet mehr)',
    },
    image: {
      name: 'bild',
      reference: 'Ein Referenzbild',
      firstFrame: 'Das erste Frame',
      firstOrReference: 'Das erste Frame oder ein Referenzbild',
      firstAlone: 'Das erste Frame (allein)',
    },
    imageN: { name: 'bild{{n}}', description: 'Referenzbild {{n}}' },
    imageUrls: {
      name: 'bild-urls',
      description: 'Weitere URLs von Referenzbildern, durch Leerzeichen getrennt',
    },
    count: {
      name: 'anzahl',
      description: 'Wie viele Varianten dieser Anfrage, zusammen gezeigt (1 bis 4; jede wird berechnet)',
    },
    duration: { name: 'dauer', description: 'Dauer in Sekunden' },
    mode: {
      name: 'modus',
      video: 'Modus (bei Modellen mit Modi)',
      quick: 'Modus',
      vista: 'frame: Bild wird das erste Frame; ingredient: bis zu 3 Referenzen',
      frame: 'frame (das Bild ist das erste Frame)',
      ingredient: 'ingredient (bis zu 3 Referenzbilder)',
    },
    style: { name: 'stil', video: 'Stil (Orbit-Modelle)', orbit: 'Visueller Stil' },
    generateAudio: {
      name: 'ton-erzeugen',
      video: 'Ton erzeugen (Motion-Modelle)',
      motion: 'Ton zum Video erzeugen',
    },
    seed: {
      name: 'seed',
      video: 'Seed für ähnliche Ergebnisse (Motion-Modelle)',
      motion: 'Gleicher Seed und Prompt ergeben ähnliche Ergebnisse',
    },
    returnLastFrame: {
      name: 'letztes-frame',
      video: 'Auch das letzte Frame liefern, um daran anzuknüpfen (Motion-Modelle)',
      motion: 'Auch das letzte Frame als Bild liefern',
    },
    video: { name: 'video', description: 'Ein Referenzvideo (MP4, WebM, MOV); senkt den Preis' },
    videoN: { name: 'video{{n}}', description: 'Referenzvideo {{n}}' },
    audio: { name: 'audio', description: 'Eine Referenz-Audiodatei (MP3, WAV, M4A, OGG)' },
    audioN: { name: 'audio{{n}}', description: 'Referenz-Audio {{n}}' },
    cameraFixed: { name: 'kamera-fixiert', description: 'Die Kamera bleibt still' },
    webSearch: { name: 'websuche', description: 'Das Modell darf im Web suchen' },
    watermark: { name: 'wasserzeichen', description: 'Ein Wasserzeichen hinzufügen' },
    private: { name: 'privat', description: 'Den Dienst bitten, das Video privat zu halten' },
    scene: { name: 'szene', description: 'Die Szene (mit Figur und Objekt)' },
    character: { name: 'figur', description: 'Die Figur (mit Szene und Objekt)' },
    object: { name: 'objekt', description: 'Das Objekt (mit Szene und Figur)' },
  },

  serversOnly: 'Dieser Befehl funktioniert nur auf Servern.',
  channelsOnly: 'Das funktioniert nur in Kanälen eines Servers.',
  catalogNotReady:
    'Der Generierungsdienst war seit dem Start des Bots nicht erreichbar, daher kennt er die Modelle noch nicht. Es wurde nichts gesendet; versuch es in einer Minute noch mal.',
  makesImages: '{{model}} erstellt Bilder; nutze dafür /bild.',
  makesVideos: '{{model}} erstellt Videos; nutze dafür /video.',
  unknownModel: 'Unbekanntes Modell „{{model}}“.',
  cantSend: 'Diese Anfrage kann nicht gesendet werden:\n{{errors}}\nEs wurde nichts berechnet.',
  onlyInChannels: 'Generierungen sind nur in {{channels}} möglich.',
  spicyOnlyAgeRestricted: 'Der Spicy-Modus ist nur in altersbeschränkten Kanälen möglich.',
  promptNotAllowed:
    'Dieser Prompt enthält ein Wort, das dieser Server nicht erlaubt. Es wurde nichts gesendet oder berechnet.',
  rulesUnreadable: 'Die Regeln des Servers konnten gerade nicht gelesen werden.',
  nothingSent: 'Es wurde nichts gesendet.',
  outcome: {
    insufficientBalance:
      'Das gemeinsame Guthaben des Bots beim Generierungsdienst ist aufgebraucht, daher wurde nichts erstellt. Deinem Kontingent wurde nichts berechnet; ein Admin kann Guthaben aufladen.',
    rejected:
      'Der Generierungsdienst hat diese Anfrage abgelehnt:\n{{errors}}\nDeinem Kontingent wurde nichts berechnet.',
    unconfirmed:
      'Der Generierungsdienst hat diese Anfrage nicht bestätigt, daher ist unklar, ob sie angekommen ist. Deinem Kontingent wurde nichts berechnet; falls der Dienst sie doch erstellt hat, erscheint das Ergebnis in ein paar Minuten hier. Warte bitte, bevor du es erneut versuchst.',
    failed:
      'Die Anfrage konnte nicht an den Generierungsdienst gesendet werden. Deinem Kontingent wurde nichts berechnet; versuch es gleich noch mal.',
    gaveUp_one:
      'Der Generierungsdienst war ausgelastet: Diese Anfrage hat {{count, number}} Minute auf freie Kapazität gewartet und wurde nicht gesendet. Deinem Kontingent wurde nichts berechnet; versuch es später noch mal.',
    gaveUp_other:
      'Der Generierungsdienst war ausgelastet: Diese Anfrage hat {{count, number}} Minuten auf freie Kapazität gewartet und wurde nicht gesendet. Deinem Kontingent wurde nichts berechnet; versuch es später noch mal.',
    refused:
      '{{reason}} Diese Anfrage hat gewartet, bis sie an der Reihe war, und wurde nicht gesendet; es wurde nichts berechnet.',
  },

  takes: {
    noneSent_one:
      'Die Variante konnte nicht gesendet werden: {{reasons}}. Deinem Kontingent wurde nichts berechnet.',
    noneSent_other:
      'Keine der {{count, number}} Varianten konnte gesendet werden: {{reasons}}. Deinem Kontingent wurde nichts berechnet.',
    reason: {
      sent: 'gesendet',
      unconfirmed: 'nicht bestätigt',
      rejected: 'der Dienst hat die Anfrage abgelehnt',
      failed: 'der Dienst war nicht erreichbar',
      gaveUp: 'der Dienst war ausgelastet',
      notRecorded: 'der Bot konnte sie nicht speichern',
      cancelled: 'abgebrochen',
      refused: 'die Regeln des Servers haben sich geändert',
    },
  },

  refusal: {
    inFlight_one:
      'Du hast schon {{count, number}} Generierung in Arbeit (das Limit ist {{cap, number}}). Warte, bis eine fertig ist.',
    inFlight_other:
      'Du hast schon {{count, number}} Generierungen in Arbeit (das Limit ist {{cap, number}}). Warte, bis eine fertig ist.',
    inFlightUnknown: 'Du hast schon zu viele Generierungen in Arbeit. Warte, bis eine fertig ist.',
    budget:
      'Das Generierungsbudget dieses Servers ist vorerst aufgebraucht: {{left, money}} übrig, und das hier kostet etwa {{cost, money}}.',
    allowance:
      'Das kostet etwa {{cost, money}}, aber von deinem Kontingent über {{allowance, money}} sind nur noch {{left, money}} übrig.',
    allowanceWithTopup:
      'Das kostet etwa {{cost, money}}, aber von deinem Kontingent über {{allowance, money}} und deiner Aufstockung zusammen sind nur noch {{left, money}} übrig.',
    resets: 'Es wird {{when}} zurückgesetzt.',
    noReset: 'Es wird nicht zurückgesetzt.',
    batchAllowanceSome_one:
      '{{count, number}} Variante kostet insgesamt etwa {{total, money}} ({{each, money}} pro Stück), aber dein Kontingent hat nur noch {{left, money}}: genug für {{fits, number}} von {{count, number}} Varianten (frag noch mal mit `anzahl:{{fits}}`). Es wurde nichts gesendet oder berechnet.',
    batchAllowanceSome_other:
      '{{count, number}} Varianten kosten insgesamt etwa {{total, money}} ({{each, money}} pro Stück), aber dein Kontingent hat nur noch {{left, money}}: genug für {{fits, number}} von {{count, number}} Varianten (frag noch mal mit `anzahl:{{fits}}`). Es wurde nichts gesendet oder berechnet.',
    batchAllowanceNone_one:
      '{{count, number}} Variante kostet insgesamt etwa {{total, money}} ({{each, money}} pro Stück), aber dein Kontingent hat nur noch {{left, money}}: nicht genug für eine Variante. Es wurde nichts gesendet oder berechnet.',
    batchAllowanceNone_other:
      '{{count, number}} Varianten kosten insgesamt etwa {{total, money}} ({{each, money}} pro Stück), aber dein Kontingent hat nur noch {{left, money}}: nicht genug für eine Variante. Es wurde nichts gesendet oder berechnet.',
    batchBudgetSome_one:
      '{{count, number}} Variante kostet insgesamt etwa {{total, money}} ({{each, money}} pro Stück), aber das Budget dieses Servers hat nur noch {{left, money}}: genug für {{fits, number}} von {{count, number}} Varianten (frag noch mal mit `anzahl:{{fits}}`). Es wurde nichts gesendet oder berechnet.',
    batchBudgetSome_other:
      '{{count, number}} Varianten kosten insgesamt etwa {{total, money}} ({{each, money}} pro Stück), aber das Budget dieses Servers hat nur noch {{left, money}}: genug für {{fits, number}} von {{count, number}} Varianten (frag noch mal mit `anzahl:{{fits}}`). Es wurde nichts gesendet oder berechnet.',
    batchBudgetNone_one:
      '{{count, number}} Variante kostet insgesamt etwa {{total, money}} ({{each, money}} pro Stück), aber das Budget dieses Servers hat nur noch {{left, money}}: nicht genug für eine Variante. Es wurde nichts gesendet oder berechnet.',
    batchBudgetNone_other:
      '{{count, number}} Varianten kosten insgesamt etwa {{total, money}} ({{each, money}} pro Stück), aber das Budget dieses Servers hat nur noch {{left, money}}: nicht genug für eine Variante. Es wurde nichts gesendet oder berechnet.',
  },

  pro: {
    omniImages:
      'Omni Flash Ext nimmt entweder ein Bild (das erste Frame) oder genau drei: Szene, Figur und Objekt zusammen. Es wurde nichts gesendet und nichts berechnet.',
    notInFamily:
      '„{{model}}“ ist keines der {{family}}-Modelle ({{models}}); für jedes Modell gibt es /video. Es wurde nichts gesendet und nichts berechnet.',
  },

  attachment: {
    notImage:
      'Der Anhang „{{name}}“ bei `{{option}}` ist kein Bild: {{found}}. Es wurde nichts gesendet und nichts berechnet.',
    notVideo:
      'Der Anhang „{{name}}“ bei `{{option}}` ist kein Video (MP4, WebM oder MOV): {{found}}. Es wurde nichts gesendet und nichts berechnet.',
    notAudio:
      'Der Anhang „{{name}}“ bei `{{option}}` ist keine Audiodatei (MP3, WAV, M4A oder OGG): {{found}}. Es wurde nichts gesendet und nichts berechnet.',
    isImage: 'es ist ein Bild',
    isVideo: 'es ist ein Video',
    isAudio: 'es ist eine Audiodatei',
    isFormatNotTaken: 'es ist {{type}}, ein Format, das der Dienst nicht annimmt',
    isType: 'es ist {{type}}',
    isUnknown: 'sein Typ ist unbekannt',
  },
  references: {
    image_one: '{{count, number}} Bild',
    image_other: '{{count, number}} Bilder',
    video_one: '{{count, number}} Video',
    video_other: '{{count, number}} Videos',
    audio_one: '{{count, number}} Audiodatei',
    audio_other: '{{count, number}} Audiodateien',
    none: 'nichts',
  },

  fromMessage: {
    noAttachments:
      'Diese Nachricht hat kein Bild, Video oder Audio im Anhang, daraus lässt sich also nichts generieren. Es wurde nichts gesendet oder berechnet.',
    expired:
      'Dieses Formular ist nicht mehr offen (es gilt 15 Minuten). Nutze „Hieraus generieren“ noch mal auf der Nachricht; es wurde nichts gesendet oder berechnet.',
    noModelTakes:
      'Kein Modell nimmt {{references}} zusammen als Referenzen. Es wurde nichts gesendet oder berechnet.',
    modelGone: 'Das Modell „{{model}}“ wird nicht mehr angeboten. Es wurde nichts gesendet oder berechnet.',
    title: 'Aus dieser Nachricht generieren',
    prompt: 'Prompt',
    model: 'Modell',
    modelHint: 'Die Modelle, die {{references}} nehmen; Preise mit ihren Standardwerten.',
    more: 'Weitere Dateien (optional)',
    moreHint: 'Kommen nach den Anhängen der Nachricht; jedes Modell hat sein eigenes Limit.',
  },

  style: {
    none: 'keiner',
    thanksgiving: 'Thanksgiving',
    comic: 'Comic',
    news: 'Nachrichten',
    selfie: 'Selfie',
    nostalgic: 'nostalgisch',
    anime: 'Anime',
  },
  choice: {
    price: '{{model}} · {{price}}',
    priceFrom: '{{model}} · ab {{price}}',
    about: 'etwa {{amount, money}}',
  },

  defaultModelGone: {
    image:
      'Dein Standard-Bildmodell `{{model}}` wird nicht mehr angeboten, daher wurde der Standard des Servers verwendet: {{fallback}}. Wähle mit /einstellungen ein anderes.',
    video:
      'Dein Standard-Videomodell `{{model}}` wird nicht mehr angeboten, daher wurde der Standard des Servers verwendet: {{fallback}}. Wähle mit /einstellungen ein anderes.',
  },
  defaults: {
    catalogNotLoaded:
      'Der Generierungsdienst war seit dem Start des Bots nicht erreichbar, daher kann der Bot Modelle, Seitenverhältnisse und Auflösungen noch nicht prüfen. Es wurde nichts gespeichert; versuch es in einer Minute noch mal.',
    cantSave:
      'Diese Standardwerte können nicht gespeichert werden:\n{{problems}}\nEs wurde nichts gespeichert.',
    noSuchModel: '{{option}}: Es gibt kein Modell `{{model}}`. /modelle listet sie auf.',
    makesImages: '{{option}}: {{model}} erstellt Bilder, keine Videos; wähle es als {{other}}.',
    makesVideos: '{{option}}: {{model}} erstellt Videos, keine Bilder; wähle es als {{other}}.',
    storedGone: {
      image:
        '{{option}}: Dein Standard-Bildmodell `{{model}}` wird nicht mehr angeboten; gib dazu ein anderes {{option}} an.',
      video:
        '{{option}}: Dein Standard-Videomodell `{{model}}` wird nicht mehr angeboten; gib dazu ein anderes {{option}} an.',
    },
    serverDefault: '{{model}} (Standard des Servers)',
    takesNo: {
      aspect_ratio: '{{option}}: {{model}} nimmt kein Seitenverhältnis.',
      resolution: '{{option}}: {{model}} nimmt keine Auflösung.',
    },
    notTaken: {
      aspect_ratio:
        '{{option}}: {{model}} nimmt das Seitenverhältnis `{{value}}` nicht; möglich sind {{values}}.',
      resolution: '{{option}}: {{model}} nimmt die Auflösung `{{value}}` nicht; möglich sind {{values}}.',
    },
    cleared: {
      image: {
        aspect_ratio:
          'Dein Standard-Seitenverhältnis für Bilder ({{value}}) wurde entfernt: {{model}} nimmt es nicht.',
        resolution:
          'Deine Standard-Auflösung für Bilder ({{value}}) wurde entfernt: {{model}} nimmt sie nicht.',
      },
      video: {
        aspect_ratio:
          'Dein Standard-Seitenverhältnis für Videos ({{value}}) wurde entfernt: {{model}} nimmt es nicht.',
        resolution:
          'Deine Standard-Auflösung für Videos ({{value}}) wurde entfernt: {{model}} nimmt sie nicht.',
      },
    },
  },
} satisfies Texts<'de', 'generate'>;
