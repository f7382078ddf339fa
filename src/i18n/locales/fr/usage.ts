import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'utilisation',
    description: 'Ton quota de génération, tes dépenses sur la période et tes dernières générations',
  },
  title: 'Ton quota de génération',
  serversOnly: '/utilisation ne fonctionne que sur un serveur.',
  allowance: 'Quota',
  allowanceValue: '{{amount}} ({{source}})',
  perPeriod: {
    daily: '{{amount, money}} par jour',
    weekly: '{{amount, money}} par semaine',
    monthly: '{{amount, money}} par mois',
    total: '{{amount, money}} au total',
  },
  source: {
    override: 'quota personnel',
    role: 'via le rôle {{role}}',
    someRole: 'via un rôle',
    default: 'valeur par défaut du serveur',
  },
  spent: {
    daily: 'Dépensé aujourd’hui',
    weekly: 'Dépensé cette semaine',
    monthly: 'Dépensé ce mois-ci',
    total: 'Dépensé au total',
  },
  reserved: 'Réservé par les générations en cours',
  reservedValue: '{{amount, money}} · {{count, number}} en cours sur {{cap, number}} au maximum',
  topup: 'Recharge',
  topupValue: '{{amount, money}} restants (dépensés après l’allocation, jamais réinitialisés)',
  topupOwed: '{{amount, money}} restants · {{owed, money}} dus pour un achat remboursé',
  remaining: 'Restant',
  resets: 'Remise à zéro',
  recent_one: 'Dernière génération',
  recent_many: 'Les {{count, number}} dernières générations',
  recent_other: 'Les {{count, number}} dernières générations',
  recentNone: 'Dernières générations',
  none: 'Aucune pour l’instant.',
  unknownModel: 'modèle inconnu',
  status: {
    in_flight: 'en cours',
    completed: 'terminée',
    refunded: 'échouée · remboursée',
  },
  result: 'résultat',
} satisfies Texts<'fr', 'usage'>;
