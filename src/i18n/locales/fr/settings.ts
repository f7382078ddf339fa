import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'paramètres',
    description: 'Tes réglages par défaut pour /imaginer et /vidéo sur ce serveur (toi seul les vois)',
    image_model: { name: 'modèle-image', description: 'Ton modèle d’image par défaut (prix affiché)' },
    image_aspect_ratio: {
      name: 'format-image',
      description: 'Ton format par défaut pour les images, ex. 16:9',
    },
    image_resolution: {
      name: 'résolution-image',
      description: 'Ta résolution par défaut pour les images, ex. 2K',
    },
    video_model: { name: 'modèle-vidéo', description: 'Ton modèle de vidéo par défaut (prix affiché)' },
    video_aspect_ratio: {
      name: 'format-vidéo',
      description: 'Ton format par défaut pour les vidéos, ex. 16:9',
    },
    video_resolution: {
      name: 'résolution-vidéo',
      description: 'Ta résolution par défaut pour les vidéos, ex. 720p',
    },
    count: { name: 'nombre', description: 'Versions par demande, de {{min, number}} à {{max, number}}' },
    always_confirm: {
      name: 'toujours-confirmer',
      description: 'Toujours confirmer chaque demande payante, même sous le seuil du serveur',
    },
  },
  serversOnly: '/{{command}} ne fonctionne que sur un serveur.',
  notYours:
    'Ce bouton Réinitialiser concerne les réglages d’un autre membre. Lance /{{command}} pour voir et réinitialiser les tiens. Rien n’a été modifié.',
  saved: 'Enregistré.',
  title: 'Tes réglages par défaut sur ce serveur',
  description:
    'Utilisés par /imaginer et /vidéo pour chaque option que tu omets; une option que tu donnes l’emporte toujours. Un format ou une résolution ne sert qu’avec un modèle qui le prend en charge.',
  images: 'Images (/imaginer)',
  videos: 'Vidéos (/vidéo)',
  model: '{{label}} (`{{slug}}`)',
  gone: '`{{slug}}`, plus proposé: le modèle par défaut du serveur est utilisé',
  stored: '`{{slug}}`',
  serverDefault: 'la valeur par défaut du serveur ({{label}})',
  aspectRatio: 'format {{value}}',
  resolution: 'résolution {{value}}',
  count: 'Versions par demande',
  countDefault: '{{value, number}} (valeur par défaut du serveur)',
  confirm: 'Me demander de confirmer',
  confirmAlways: 'chaque demande payante',
  confirmAbove: 'seulement les demandes au-dessus du seuil du serveur',
  resetTitle: 'Tes réglages par défaut sur ce serveur ont été réinitialisés',
  resetDescription:
    '/imaginer et /vidéo utilisent de nouveau les réglages du serveur. Définis-en de nouveaux avec /{{command}}.',
  reset: 'Réinitialiser',
} satisfies Texts<'fr', 'settings'>;
