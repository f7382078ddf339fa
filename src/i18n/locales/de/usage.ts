import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'nutzung',
    description:
      'Dein Generierungskontingent, deine Ausgaben in diesem Zeitraum und deine letzten Generierungen',
  },
  title: 'Dein Generierungskontingent',
  serversOnly: '/nutzung funktioniert nur auf Servern.',
  allowance: 'Kontingent',
  allowanceValue: '{{amount}} ({{source}})',
  perPeriod: {
    daily: '{{amount, money}} pro Tag',
    weekly: '{{amount, money}} pro Woche',
    monthly: '{{amount, money}} pro Monat',
    total: '{{amount, money}} insgesamt',
  },
  source: {
    override: 'eigenes Kontingent',
    role: 'über die Rolle {{role}}',
    someRole: 'über eine Rolle',
    default: 'Standard des Servers',
  },
  spent: {
    daily: 'Heute ausgegeben',
    weekly: 'Diese Woche ausgegeben',
    monthly: 'Diesen Monat ausgegeben',
    total: 'Insgesamt ausgegeben',
  },
  reserved: 'Reserviert für laufende Generierungen',
  reservedValue: '{{amount, money}} · {{count, number}} von höchstens {{cap, number}} laufen',
  topup: 'Aufstockung',
  topupValue: '{{amount, money}} übrig (nach dem Kontingent verbraucht, nie zurückgesetzt)',
  topupOwed: '{{amount, money}} übrig · {{owed, money}} offen für einen erstatteten Kauf',
  remaining: 'Verbleibend',
  resets: 'Wird zurückgesetzt',
  recent_one: 'Letzte Generierung',
  recent_other: 'Letzte {{count, number}} Generierungen',
  recentNone: 'Letzte Generierungen',
  none: 'Noch keine.',
  unknownModel: 'unbekanntes Modell',
  status: {
    in_flight: 'läuft',
    completed: 'fertig',
    refunded: 'fehlgeschlagen · erstattet',
  },
  result: 'Ergebnis',
} satisfies Texts<'de', 'usage'>;
