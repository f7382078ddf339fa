import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'guthaben',
    description: 'Guthaben und Ausgaben des Kontos beim Generierungsdienst und die Ausgaben dieses Servers',
  },
  account: {
    title: 'Konto beim Generierungsdienst',
    balance: 'Guthaben',
    totalSpent: 'Insgesamt ausgegeben (ganzes Konto)',
    noAnswer: 'Der Generierungsdienst hat nicht geantwortet; versuch es in einer Minute noch einmal.',
  },
  server: {
    daily: 'Dieser Server, heute',
    weekly: 'Dieser Server, diese Woche',
    monthly: 'Dieser Server, diesen Monat',
    total: 'Dieser Server, insgesamt',
  },
  charged: '{{amount, money}} berechnet (laut Buchungen, abzüglich Erstattungen)',
  chargedOfBudget: {
    daily:
      '{{amount, money}} von {{budget, money}} Budget pro Tag berechnet (laut Buchungen, abzüglich Erstattungen)',
    weekly:
      '{{amount, money}} von {{budget, money}} Budget pro Woche berechnet (laut Buchungen, abzüglich Erstattungen)',
    monthly:
      '{{amount, money}} von {{budget, money}} Budget pro Monat berechnet (laut Buchungen, abzüglich Erstattungen)',
    total:
      '{{amount, money}} von {{budget, money}} Gesamtbudget berechnet (laut Buchungen, abzüglich Erstattungen)',
  },
  drift: {
    when: {
      daily: 'heute (seit {{since}})',
      weekly: 'diese Woche (seit {{since}})',
      monthly: 'diesen Monat (seit {{since}})',
      total: 'seit Beginn',
    },
    atLeast: 'mindestens {{amount, money}}',
    compareOne:
      '**Abweichung** {{when}}: Die Buchungen dieses Servers zeigen {{ledger, money}}, das Nutzungsprotokoll des Dienstes {{service}}.',
    compareAll:
      '**Abweichung** {{when}}: Das Nutzungsprotokoll des Dienstes umfasst das ganze API-Token und wird deshalb mit den Buchungen aller {{servers, number}} Server dieses Bots verglichen. Sie zeigen {{ledger, money}} (dieser Server {{server, money}}), das Nutzungsprotokoll {{service}}.',
    tooMany:
      '**Abweichung** {{when}}: Das Nutzungsprotokoll des Dienstes umfasst das ganze API-Token, das sich die {{servers, number}} Server dieses Bots teilen, und zeigt {{service}}; die Buchungen dieses Servers zeigen {{server, money}}. Der Bot ist auf zu vielen Servern, um alle Buchungen zusammenzuzählen, daher wird keine Differenz berechnet.',
    match: 'Sie stimmen überein.',
    serviceMore:
      'Der Dienst hat {{amount, money}} mehr berechnet, als die Buchungen zeigen (Ausgaben, die der Bot nicht erfasst hat, oder Nutzung des Tokens außerhalb dieses Bots).',
    ledgerMore:
      'Die Buchungen zeigen {{amount, money}} mehr, als der Dienst berechnet hat (meist ein Fehlschlag, den der Dienst schon erstattet und der Bot noch nicht bemerkt hat).',
    partial: 'Nur die neuesten Nutzungseinträge wurden gelesen, daher wird keine Differenz berechnet.',
    line: '{{head}} {{verdict}}',
    unreadable:
      '**Abweichung**: Das Nutzungsprotokoll des Dienstes konnte nicht gelesen werden, es gibt nichts zu vergleichen.',
  },
  log: {
    title: 'Nutzungsprotokoll (ganzes Konto) · Seite {{page, number}} von {{pages, number}}',
    titleUnknown: 'Nutzungsprotokoll (ganzes Konto) · Seite {{page, number}}',
    unreadable:
      'Das Nutzungsprotokoll kann gerade nicht gelesen werden; versuch es in einer Minute noch einmal.',
    none: 'Noch keine Abbuchungen.',
    emptyPage: 'Keine Einträge auf dieser Seite.',
    records_one: '{{count, number}} Eintrag',
    records_other: '{{count, number}} Einträge',
    video: 'Video',
    image: 'Bild',
    previous: 'Zurück',
    next: 'Weiter',
  },
} satisfies Texts<'de', 'balance'>;
