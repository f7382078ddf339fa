import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'aide',
    description: 'Ce que fait le bot, ses commandes et ton quota',
  },
  serversOnly: '/{{command}} ne fonctionne que sur un serveur.',
  title: 'Ce que fait ce bot',
  adminTitle: 'Pour les admins (Gérer le serveur)',
  whatItDoes:
    'Tape `/{{imagine}}` ou `/{{video}}` avec un prompt: le bot l’envoie au service de génération et transforme sa réponse en l’image ou la vidéo finie, avec des boutons pour continuer (Encore, Varier, Animer, Résolution supérieure, Détails, Supprimer). Un compte partagé paie chaque génération, donc chaque membre dépense sur son propre quota.',
  commands: '**Commandes**',
  messageCommand: '**{{name}}** · dans le menu Applications d’un message, à partir de ses fichiers',
  yourAllowance: 'Ton quota',
  howQuotasWork: 'Comment marchent les quotas',
  reserve:
    'Avant l’envoi d’une demande, son prix est réservé sur ton quota; le prix du service le remplace quand il répond, et une génération qui échoue est remboursée.',
  refuse:
    'Une demande qui dépasse ce qui te reste est refusée en privé, et rien n’est envoyé. Une demande coûteuse te montre d’abord son prix et ne part que quand tu appuies sur Confirmer.',
  cap_one: 'Tu peux avoir au plus {{count, number}} génération en cours à la fois.',
  cap_many: 'Tu peux avoir au plus {{count, number}} de générations en cours à la fois.',
  cap_other: 'Tu peux avoir au plus {{count, number}} générations en cours à la fois.',
  adminIntro:
    'Les membres dépensent sur le quota par défaut du serveur jusqu’à ce que tu définisses un quota pour un rôle ou un membre; un budget du serveur les plafonne tous ensemble.',
  promptRules: {
    title: 'Règles de prompts',
    count_one: '{{count, number}} mot ou expression que ce serveur n’autorise pas (`{{list}}`)',
    count_many: '{{count, number}} de mots ou expressions que ce serveur n’autorise pas (`{{list}}`)',
    count_other: '{{count, number}} mots ou expressions que ce serveur n’autorise pas (`{{list}}`)',
    none: 'Aucune : tout prompt est autorisé. `{{add}}` ajoute un mot ou une expression que ce serveur n’autorise pas.',
    unreadable:
      'Elles n’ont pas pu être lues pour l’instant (identifiant d’erreur `{{errorId}}`) ; `{{list}}` les affiche.',
  },
  countTip: '**Plusieurs versions:** `{{option}}` sur {{commands}}: {{description}}',
  countTipRange:
    '**Plusieurs versions:** `{{option}}` (de {{min, number}} à {{max, number}}) sur {{commands}}: {{description}}',
  unreadable:
    'Le bot n’a pas pu lire ton quota pour l’instant (identifiant d’erreur `{{errorId}}`). /{{usage}} l’affichera dès que le stockage du bot répondra de nouveau.',
  left: '{{left, money}} restant · dépensé {{when}}: {{spent, money}}',
  resets: 'Remise à zéro {{when}}',
  usageHint: 'Tes dépenses et tes dernières générations: /{{usage}}, ou **{{button}}** ci-dessous.',
  models: 'Modèles',
  myUsage: 'Mon utilisation',
} satisfies Texts<'fr', 'help'>;
