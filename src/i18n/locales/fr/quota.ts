import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'quota',
    description: 'Gérer les quotas de génération des membres, le budget du serveur et les salons autorisés',
    set: {
      name: 'définir',
      description: 'Définir le quota propre d’un membre (prioritaire sur les rôles et le quota par défaut)',
      usd: 'Quota en USD par période, ex. 2.50 (avec un point, 4 décimales au plus)',
      period: 'La période du quota (par défaut: celle du quota par défaut du serveur)',
    },
    role: {
      name: 'rôle',
      description: 'Définir le quota d’un rôle (par période par défaut)',
      role: 'Le rôle',
      usd: 'Quota en USD par période par défaut, ex. 5',
    },
    default: {
      name: 'défaut',
      description: 'Définir le quota par défaut du serveur et sa période',
      usd: 'Quota en USD par période pour chaque membre, ex. 1',
      period: 'Quand les quotas repartent à zéro (UTC); vaut aussi pour les rôles et le budget',
    },
    budget: {
      name: 'budget',
      description: 'Définir le budget du serveur par période, tous membres confondus (0 pour aucun)',
      usd: 'Budget en USD par période par défaut, 0 pour aucun',
    },
    confirm: {
      name: 'confirmation',
      description: 'Faire confirmer les demandes qui coûtent plus que ce montant (0 pour jamais)',
      usd: 'Confirmation au-delà de ce montant en USD par demande, ex. 0.50; 0 pour jamais',
    },
    show: {
      name: 'afficher',
      description: 'Afficher le quota et les dépenses d’un membre, ou la vue d’ensemble du serveur',
      user: 'Le membre (aucun: le serveur)',
    },
    reset: {
      name: 'réinitialiser',
      description: 'Remettre à zéro les dépenses d’un membre pour cette période',
    },
    channels: {
      name: 'salons',
      description: 'Où /imaginer et /vidéo sont utilisables (une liste vide: partout)',
      action: 'Autoriser un salon, le retirer de la liste ou lister les salons',
      channel: 'Le salon (pour autoriser et retirer)',
    },
    alerts: {
      name: 'alertes',
      description: 'Où le bot signale aux admins ce qui demande une action; sans option: le réglage actuel',
      channel: 'Le salon des alertes',
      below: 'Alerter quand le solde partagé passe sous ce montant en USD (0 pour jamais), ex. 5',
      off: 'True: ne plus publier d’alertes',
    },
    report: {
      name: 'rapport',
      description:
        'Les dépenses du serveur par jour, par membre et par modèle (graphique), avec le registre (CSV)',
      days: 'Combien de jours en arrière, aujourd’hui (UTC) compris; par défaut {{days, number}}',
    },
    option: {
      user: 'membre',
      member: 'Le membre',
      usd: 'usd',
      period: 'période',
      role: 'rôle',
      action: 'action',
      channel: 'salon',
      below: 'seuil',
      off: 'désactiver',
      days: 'jours',
    },
    period: { daily: 'quotidien', weekly: 'hebdomadaire', monthly: 'mensuel', total: 'total' },
    action: { allow: 'autoriser', remove: 'retirer', list: 'lister' },
  },
  perPeriod: {
    daily: '{{amount, money}} par jour',
    weekly: '{{amount, money}} par semaine',
    monthly: '{{amount, money}} par mois',
    total: '{{amount, money}} au total',
  },
  thisPeriod: { daily: 'aujourd’hui', weekly: 'cette semaine', monthly: 'ce mois-ci', total: 'au total' },
  serversOnly: '/{{command}} ne fonctionne que sur un serveur.',
  manageOnly: 'Seuls les membres avec la permission Gérer le serveur peuvent utiliser /{{command}}.',
  negative: 'Un montant ne peut pas être négatif (tu as tapé « {{text}} »).',
  notAnAmount:
    '« {{text}} » n’est pas un montant en USD d’au plus 4 décimales (par exemple 2.50, avec un point).',
  amountTooLarge: 'Le montant ne peut pas dépasser {{max, money}}.',
  unknownPeriod: 'Période inconnue « {{value}} »: choisis quotidien, hebdomadaire, mensuel ou total.',
  resets: '{{relative}} ({{absolute}})',
  neverResets: 'jamais (un quota total ne repart pas à zéro)',
  anyChannel: 'n’importe quel salon (aucune liste définie)',
  source: {
    override: '{{allowance}} (son propre quota)',
    role: '{{allowance}} (par le rôle {{role}})',
    anyRole: '{{allowance}} (par un rôle)',
    default: '{{allowance}} (le quota par défaut du serveur)',
  },
  more: '… et {{count, number}} de plus',
  member: {
    title: 'Quota d’un membre',
    resets: 'Remise à zéro',
  },
  server: {
    title: 'Quota de ce serveur',
    defaultAllowance: 'Quota par défaut',
    budget: 'Budget du serveur',
    budgetValue: '{{budget}} pour tous les membres ensemble · {{left, money}} restant',
    noBudget: 'aucun (les membres ne sont limités que par leurs quotas)',
    spent: 'Dépensé {{when}} (tous les membres)',
    spentReserved: '{{spent, money}} + {{reserved, money}} réservé',
    inFlight: 'En cours',
    inFlightValue_one: '{{count, number}} génération (au plus {{cap, number}} par membre)',
    inFlightValue_many: '{{count, number}} de générations (au plus {{cap, number}} par membre)',
    inFlightValue_other: '{{count, number}} générations (au plus {{cap, number}} par membre)',
    topSpenders: 'Plus grosses dépenses {{when}}',
    nobody: 'Personne n’a encore rien dépensé.',
    roles: 'Quotas des rôles',
    overrides: 'Membres avec leur propre quota',
    channels: '/imaginer et /vidéo autorisés dans',
    alerts: 'Alertes',
    alertsBelow: 'dans {{channel}} · solde sous {{amount, money}}, 401, 402, écart',
    alertsNoBalance: 'dans {{channel}} · pas pour le solde, 401, 402, écart',
  },
  set: {
    bot: 'Les bots ne font pas de générations; choisis un membre.',
    own: '{{user}} a maintenant son propre quota de {{allowance}}; il passe avant les quotas des rôles et le quota par défaut.',
    ownDefaultPeriod:
      '{{user}} a maintenant son propre quota de {{allowance}} (la période par défaut du serveur); il passe avant les quotas des rôles et le quota par défaut.',
    figures: 'Dépensé {{when}}: {{spent, money}} · restant: {{left, money}} · remise à zéro {{resets}}.',
  },
  role: {
    everyone:
      '@everyone désigne tous les membres: définis plutôt le quota par défaut du serveur avec /{{command}}.',
    set: 'Les membres avec {{role}} ont {{allowance}}, sauf s’ils ont leur propre quota. Un membre qui a plusieurs de ces rôles a le plus élevé.',
  },
  default: {
    set: 'Le quota par défaut du serveur est maintenant de {{allowance}}. Les quotas des rôles et le budget du serveur suivent aussi cette période; les périodes suivent l’UTC.',
  },
  budget: {
    off: 'Le budget du serveur est désactivé: les membres ne sont limités que par leurs propres quotas.',
    set: 'Le budget du serveur est maintenant de {{budget}} pour tous les membres ensemble; {{spent, money}} dépensé {{when}}.',
  },
  confirm: {
    off: 'Les demandes partent tout de suite, quel que soit leur prix: aucune confirmation n’est demandée.',
    set: 'Le membre doit maintenant confirmer les demandes qui coûtent plus de {{amount, money}} avant tout envoi.',
  },
  reset: {
    nothing: '{{user}} n’a rien dépensé sur cette période: il n’y avait rien à remettre à zéro.',
    done: 'Les dépenses de {{user}} pour cette période sont revenues à {{zero, money}} (elles étaient de {{amount, money}}). Le registre inscrit l’ajustement à ton nom.',
  },
  channels: {
    list: '/imaginer et /vidéo sont utilisables dans: {{channels}}.',
    nameIt: 'Indique le salon à {{action}}, ex. `{{example}}`.',
    allowed:
      '{{channel}} est autorisé. /imaginer et /vidéo sont maintenant utilisables dans: {{channels}}. Ailleurs, les membres sont redirigés.',
    notListed: '{{channel}} n’était pas dans la liste. Autorisés: {{channels}}.',
    removedEmpty:
      '{{channel}} est retiré et la liste est vide: /imaginer et /vidéo sont utilisables dans n’importe quel salon.',
    removed: '{{channel}} est retiré. /imaginer et /vidéo sont utilisables dans: {{channels}}.',
    unknownAction: 'Action inconnue « {{action}} »: choisis autoriser, retirer ou lister.',
  },
  alerts: {
    both: 'Choisis soit un salon, soit désactiver:true, pas les deux. Rien n’a été modifié.',
    low: 'le solde partagé qui passe sous {{amount, money}} (vérifié toutes les heures)',
    noLow: 'jamais pour le solde (le seuil est de {{zero, money}})',
    off: 'Les alertes sont désactivées. Avec `{{example}}`, le bot y publie: {{low}}, le service qui refuse le jeton d’API (401), le solde partagé épuisé (402), et les débits du journal d’utilisation du service qu’aucun registre ne montre (vérifiés toutes les heures).',
    on: 'Les alertes vont dans {{channel}}: {{low}}, le service qui refuse le jeton d’API (401), le solde partagé épuisé (402), et les débits du journal d’utilisation du service qu’aucun registre ne montre (vérifiés toutes les heures). Pour les couper: `{{example}}`.',
  },
  report: {
    spanToday: 'aujourd’hui ({{to}}, UTC)',
    spanDays_one: 'le dernier jour ({{from}} au {{to}}, UTC)',
    spanDays_many: 'les {{count, number}} derniers jours ({{from}} au {{to}}, UTC)',
    spanDays_other: 'les {{count, number}} derniers jours ({{from}} au {{to}}, UTC)',
    nothing: 'Rien n’a été facturé sur ce serveur pour {{span}}: aucune dépense à représenter.',
    tooLarge:
      'Le rapport pour {{span}} dépasse la limite de pièces jointes de ce serveur: demande moins de jours.',
    totals:
      'Dépenses pour {{span}}: facturé {{charged, money}}, remboursé {{refunded, money}}, net **{{net, money}}**.',
    csv: 'Le CSV liste chaque débit et remboursement ({{count, number}}), les remboursements en négatif; les réservations et remises à zéro ne sont pas des dépenses.',
    thisServer: 'Ce serveur',
    chartTitle: '{{server}}: dépenses par jour, du {{from}} au {{to}}',
    chartDescription: 'Dépenses par jour par membre et par modèle, du {{from}} au {{to}}',
  },
  chart: {
    fallbackTitle: 'Dépenses',
    subtitle: 'Facturé {{charged, money}}, remboursé {{refunded, money}}, net {{net, money}} (jours UTC)',
    byMember: 'Par membre',
    byModel: 'Par modèle',
    others: 'tous les autres',
  },
} satisfies Texts<'fr', 'quota'>;
