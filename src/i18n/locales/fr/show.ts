import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'afficher',
    description: 'Ramener un ancien résultat, avec ses boutons',
    id: {
      name: 'id',
      description:
        'L’id de la génération (dans Détails, /utilisation ou le rapport d’échec); choisis une des tiennes',
    },
  },
  choice: {
    image: 'Image: {{prompt}}',
    video: 'Vidéo: {{prompt}}',
  },
  errors: {
    serversOnly: '/afficher ne fonctionne que sur un serveur.',
    channelsOnly: '/afficher ne fonctionne que dans les salons d’un serveur.',
    notAnId:
      'Ce n’est pas un id de génération. Choisis une des tiennes dans la liste, ou copie l’id depuis Détails ou un rapport d’échec.',
    notHere: 'Le bot n’a aucune trace de cette génération sur ce serveur.',
    notYours:
      'Cette génération n’est pas la tienne; seul un membre avec la permission Gérer le serveur peut afficher celles des autres.',
    unknown: 'Ni le bot ni le service de génération ne connaissent de génération avec cet id.',
    notFinished: 'Cette génération n’est pas encore terminée; sa réponse affichera le résultat.',
  },
  record: {
    title: 'Génération côté service · {{status}}',
    status: {
      pending: 'en attente',
      processing: 'en cours',
      completed: 'terminée',
      failed: 'échouée',
    },
    id: 'Id',
    model: 'Modèle',
    created: 'Créée',
    finished: 'Terminée',
    result: 'Résultat',
    openFile: 'Ouvrir le fichier',
    error: 'Erreur',
    footer:
      'Le bot n’a aucune trace de cette génération (qui l’a demandée, ce qu’elle a coûté), elle n’a donc pas de boutons.',
  },
} satisfies Texts<'fr', 'show'>;
