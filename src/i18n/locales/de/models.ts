import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'modelle',
    description: 'Die Generierungsmodelle: Preise, Auflösungen, Dauer und was jedes Modell annimmt',
    model: { name: 'modell', description: 'Ein Modell im Detail' },
  },
  list: {
    video: 'Videomodelle',
    image: 'Bildmodelle',
    videoContinued: 'Videomodelle (Fortsetzung)',
    imageContinued: 'Bildmodelle (Fortsetzung)',
    emptyTitle: 'Modelle',
    empty: 'Der Katalog ist leer.',
    videoMenu: 'Videomodell öffnen …',
    imageMenu: 'Bildmodell öffnen …',
  },
  perSecond: '{{amount, money}}/s',
  durations: {
    one: '{{count, number}} s',
    range: '{{from, number}}–{{to, number}} s',
    some: '{{list}} s',
  },
  detail: {
    videoModel: 'Videomodell · {{slug}}',
    imageModel: 'Bildmodell · {{slug}}',
    price: 'Preis',
    perSecond: 'Pro Sekunde: {{prices}}',
    perSecondWithVideo: 'Pro Sekunde mit Referenzvideo: {{prices}}',
    perVideo: 'Pro Video: {{prices}}',
    perImage: 'Pro Bild: {{prices}}',
    example_one: 'Ein Video mit {{count, number}} Sekunde: {{prices}}',
    example_other: 'Ein Video mit {{count, number}} Sekunden: {{prices}}',
    durations: 'Dauer',
    aspectRatios: 'Seitenverhältnisse',
    modes: 'Modi',
    references: 'Referenzen',
    takesUpTo: 'Nimmt bis zu {{list}} an.',
    takesNone: 'Nimmt keine Referenzen an, nur den Prompt.',
    images_one: '{{count, number}} Referenzbild',
    images_other: '{{count, number}} Referenzbilder',
    videos_one: '{{count, number}} Video',
    videos_other: '{{count, number}} Videos',
    sounds_one: '{{count, number}} Audioclip',
    sounds_other: '{{count, number}} Audioclips',
    extras: 'Außerdem',
    extra: {
      sound: 'Ton',
      fixedCamera: 'feste Kamera',
      seed: 'Seed für wiederholbare Ergebnisse',
      webSearch: 'Websuche',
      lastFrame: 'Fortsetzen ab dem letzten Frame',
      styles: 'Stile ({{styles}})',
      watermark: 'Wasserzeichen',
      private: 'private Generierungen',
    },
    documentation: 'Dokumentation',
  },
  footer: {
    estimate: 'Preise sind Schätzungen; der Dienst berechnet den Preis, den er beim Absenden nennt.',
    stale:
      'Der Dienst war nicht erreichbar: Das ist die zwischengespeicherte Kopie des Katalogs, sie kann veraltet sein.',
  },
  errors: {
    notLoaded:
      'Der Generierungsdienst war seit dem Start des Bots nicht erreichbar, deshalb kennt der Bot die Modelle noch nicht. Versuch es in einer Minute noch einmal.',
    noSuchModel: 'Es gibt kein Modell {{model}}. Führe /modelle ohne Modell aus, um alle zu sehen.',
    unreachable:
      'Der Generierungsdienst ist gerade nicht erreichbar, und der Bot kennt kein Modell {{model}}. Führe /modelle ohne Modell aus, um alle zu sehen.',
    notOffered:
      'Dieses Modell steht nicht in diesem Menü. Führe /modelle erneut aus, um die aktuelle Liste zu sehen.',
    serversOnly: '/modelle funktioniert nur auf Servern.',
  },
} satisfies Texts<'de', 'models'>;
