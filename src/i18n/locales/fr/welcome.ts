import type { Texts } from '../../messages.ts';

export default {
  hello:
    'Bonjour! Je suis {{bot}}. Ici, les membres créent des images et des vidéos avec `/imaginer` et `/vidéo`; `/modèles` liste les modèles et leurs prix.',
  allowance:
    'Chaque génération est payée sur un solde prépayé partagé, donc chaque membre ne dépense que dans la limite d’un quota: tant que les admins n’ont pas défini de quotas, chaque membre peut dépenser le quota par défaut, **{{allowance}}**, et rien au-delà.',
  noAllowance:
    'Chaque génération est payée sur un solde prépayé partagé, donc chaque membre ne dépense que dans la limite d’un quota: rien n’est dépensé tant que les admins n’ont pas défini de quotas, car le quota par défaut est de {{zero, money}}.',
  start: 'Pour commencer, toute personne avec la permission Gérer le serveur peut utiliser:',
  default: '• `/{{command}}` — le quota de chaque membre, et sa période',
  budget: '• `/{{command}}` — un plafond pour les dépenses de tout le serveur par période',
  show: '• `/{{command}}` — les quotas et qui a dépensé quoi',
} satisfies Texts<'fr', 'welcome'>;
