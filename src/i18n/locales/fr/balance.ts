import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'solde',
    description: 'Solde et dépenses du compte du service de génération, et dépenses de ce serveur',
  },
  account: {
    title: 'Compte du service de génération',
    balance: 'Solde',
    totalSpent: 'Total dépensé (tout le compte)',
    noAnswer: 'Le service de génération n’a pas répondu; réessaie dans une minute.',
  },
  server: {
    daily: 'Ce serveur, aujourd’hui',
    weekly: 'Ce serveur, cette semaine',
    monthly: 'Ce serveur, ce mois-ci',
    total: 'Ce serveur, au total',
  },
  charged: '{{amount, money}} facturé (registre, remboursements déduits)',
  chargedOfBudget: {
    daily:
      '{{amount, money}} facturé sur un budget de {{budget, money}} par jour (registre, remboursements déduits)',
    weekly:
      '{{amount, money}} facturé sur un budget de {{budget, money}} par semaine (registre, remboursements déduits)',
    monthly:
      '{{amount, money}} facturé sur un budget de {{budget, money}} par mois (registre, remboursements déduits)',
    total:
      '{{amount, money}} facturé sur un budget total de {{budget, money}} (registre, remboursements déduits)',
  },
  drift: {
    when: {
      daily: 'aujourd’hui (depuis {{since}})',
      weekly: 'cette semaine (depuis {{since}})',
      monthly: 'ce mois-ci (depuis {{since}})',
      total: 'depuis le début',
    },
    atLeast: 'au moins {{amount, money}}',
    compareOne:
      '**Écart** {{when}}: le registre de ce serveur indique {{ledger, money}}, le journal d’utilisation du service {{service}}.',
    compareAll:
      '**Écart** {{when}}: le journal d’utilisation du service couvre tout le jeton d’API, il est donc comparé aux registres des {{servers, number}} serveurs de ce bot. Ils indiquent {{ledger, money}} (ce serveur {{server, money}}), le journal d’utilisation {{service}}.',
    tooMany:
      '**Écart** {{when}}: le journal d’utilisation du service couvre tout le jeton d’API, partagé par les {{servers, number}} serveurs de ce bot, et indique {{service}}; le registre de ce serveur indique {{server, money}}. Le bot est sur trop de serveurs pour additionner tous leurs registres, aucun écart n’est donc calculé.',
    match: 'Ils concordent.',
    serviceMore:
      'Le service a facturé {{amount, money}} de plus que ce qu’indique le registre (des dépenses que le bot n’a pas enregistrées, ou une utilisation du jeton hors de ce bot).',
    ledgerMore:
      'Le registre indique {{amount, money}} de plus que ce que le service a facturé (en général un échec que le service a déjà remboursé et que le bot n’a pas encore vu).',
    partial: 'Seules les dernières entrées du journal ont été lues, aucun écart n’est donc calculé.',
    line: '{{head}} {{verdict}}',
    unreadable:
      '**Écart**: le journal d’utilisation du service n’a pas pu être lu, il n’y a rien à comparer.',
  },
  log: {
    title: 'Journal d’utilisation (tout le compte) · page {{page, number}} sur {{pages, number}}',
    titleUnknown: 'Journal d’utilisation (tout le compte) · page {{page, number}}',
    unreadable: 'Impossible de lire le journal d’utilisation pour le moment; réessaie dans une minute.',
    none: 'Aucun débit pour l’instant.',
    emptyPage: 'Aucune entrée sur cette page.',
    records_one: '{{count, number}} entrée',
    records_many: '{{count, number}} d’entrées',
    records_other: '{{count, number}} entrées',
    video: 'vidéo',
    image: 'image',
    previous: 'Précédent',
    next: 'Suivant',
  },
} satisfies Texts<'fr', 'balance'>;
