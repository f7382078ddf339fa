import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'einstellungen',
    description: 'Deine eigenen Standards für /bild und /video auf diesem Server (nur du siehst sie)',
    image_model: { name: 'bildmodell', description: 'Dein Standardmodell für Bilder (mit Preis)' },
    image_aspect_ratio: {
      name: 'bild-seitenverhältnis',
      description: 'Dein Standard-Seitenverhältnis für Bilder, z. B. 16:9',
    },
    image_resolution: { name: 'bild-auflösung', description: 'Deine Standardauflösung für Bilder, z. B. 2K' },
    video_model: { name: 'videomodell', description: 'Dein Standardmodell für Videos (mit Preis)' },
    video_aspect_ratio: {
      name: 'video-seitenverhältnis',
      description: 'Dein Standard-Seitenverhältnis für Videos, z. B. 16:9',
    },
    video_resolution: {
      name: 'video-auflösung',
      description: 'Deine Standardauflösung für Videos, z. B. 720p',
    },
    count: { name: 'anzahl', description: 'Varianten pro Anfrage, {{min, number}} bis {{max, number}}' },
    always_confirm: {
      name: 'immer-bestätigen',
      description: 'Jede kostenpflichtige Anfrage bestätigen, auch unter der Schwelle des Servers',
    },
  },
  serversOnly: '/{{command}} funktioniert nur auf Servern.',
  notYours:
    'Dieses Zurücksetzen gehört zu den Standards eines anderen Mitglieds. Mit /{{command}} siehst du deine eigenen und kannst sie zurücksetzen. Nichts wurde geändert.',
  saved: 'Gespeichert.',
  title: 'Deine Standards auf diesem Server',
  description:
    'Werden von /bild und /video für jede Option genutzt, die du weglässt; eine Option, die du angibst, hat immer Vorrang. Ein Seitenverhältnis oder eine Auflösung wird nur mit einem Modell genutzt, das sie unterstützt.',
  images: 'Bilder (/bild)',
  videos: 'Videos (/video)',
  model: '{{label}} (`{{slug}}`)',
  gone: '`{{slug}}`, nicht mehr verfügbar: Der Standard des Servers wird genutzt',
  stored: '`{{slug}}`',
  serverDefault: 'Standard des Servers ({{label}})',
  aspectRatio: 'Seitenverhältnis {{value}}',
  resolution: 'Auflösung {{value}}',
  count: 'Varianten pro Anfrage',
  countDefault: '{{value, number}} (Standard des Servers)',
  confirm: 'Bestätigung verlangen',
  confirmAlways: 'bei jeder Anfrage mit Preis',
  confirmAbove: 'nur bei Anfragen über der Schwelle des Servers',
  resetTitle: 'Deine Standards auf diesem Server wurden zurückgesetzt',
  resetDescription:
    '/bild und /video nutzen wieder die Standards des Servers. Neue legst du mit /{{command}} fest.',
  reset: 'Zurücksetzen',
} satisfies Texts<'de', 'settings'>;
