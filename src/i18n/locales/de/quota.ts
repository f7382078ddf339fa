import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'kontingent',
    description: 'Kontingente der Mitglieder, das Server-Budget und erlaubte Kanäle verwalten',
    set: {
      name: 'festlegen',
      description: 'Eigenes Kontingent eines Mitglieds festlegen (hat Vorrang vor Rollen und Standard)',
      usd: 'Kontingent in USD pro Zeitraum, z. B. 2.50 (mit Punkt, höchstens 4 Nachkommastellen)',
      period: 'Zeitraum des Kontingents (ohne Angabe: der des Server-Standards)',
    },
    role: {
      name: 'rolle',
      description: 'Kontingent einer Rolle festlegen (pro Standardzeitraum)',
      role: 'Die Rolle',
      usd: 'Kontingent in USD pro Standardzeitraum, z. B. 5',
    },
    default: {
      name: 'standard',
      description: 'Standardkontingent und Zeitraum des Servers festlegen',
      usd: 'Kontingent in USD pro Zeitraum für jedes Mitglied, z. B. 1',
      period: 'Wann Kontingente zurückgesetzt werden (UTC); gilt auch für Rollen und das Budget',
    },
    budget: {
      name: 'budget',
      description: 'Server-Budget pro Zeitraum für alle Mitglieder zusammen festlegen (0 für keins)',
      usd: 'Budget in USD pro Standardzeitraum, 0 für keins',
    },
    confirm: {
      name: 'bestätigung',
      description: 'Anfragen ab einem Preis erst bestätigen lassen (0 für nie)',
      usd: 'Bestätigung ab diesem USD-Betrag pro Anfrage, z. B. 0.50; 0 für nie',
    },
    show: {
      name: 'anzeigen',
      description: 'Kontingent und Ausgaben eines Mitglieds oder die Übersicht des Servers zeigen',
      user: 'Das Mitglied (ohne Angabe: der Server)',
    },
    reset: {
      name: 'zurücksetzen',
      description: 'Ausgaben eines Mitglieds im aktuellen Zeitraum auf null setzen',
    },
    channels: {
      name: 'kanäle',
      description: 'Wo /bild und /video erlaubt sind (leere Liste: überall)',
      action: 'Kanal erlauben, von der Liste entfernen oder die Kanäle auflisten',
      channel: 'Der Kanal (für erlauben und entfernen)',
    },
    alerts: {
      name: 'warnungen',
      description: 'Wo der Bot Admins meldet, was zu tun ist; ohne Angabe: die aktuelle Einstellung',
      channel: 'Der Kanal für Warnungen',
      below: 'Warnen, wenn das gemeinsame Guthaben unter diesen USD-Betrag fällt (0 für nie), z. B. 5',
      off: 'True: keine Warnungen mehr posten',
    },
    moderation: {
      name: 'moderation',
      description:
        'Wo der Bot jede Generierung und jeden abgelehnten Prompt protokolliert; ohne Angabe: die Einstellung',
      channel: 'Der Kanal für das Moderationsprotokoll',
      off: 'True: nichts mehr protokollieren',
    },
    report: {
      name: 'bericht',
      description:
        'Ausgaben des Servers pro Tag nach Mitglied und Modell (Diagramm), dazu die Buchungen (CSV)',
      days: 'Wie viele Tage zurück, heute (UTC) eingeschlossen; Standard: {{days, number}}',
    },
    prompts: {
      name: 'prompts',
      description: 'Wörter und Wortgruppen, die dieser Server in Prompts nicht erlaubt',
      add: {
        name: 'hinzufügen',
        description: 'Prompts mit diesem Wort oder dieser Wortgruppe ablehnen',
        pattern: 'Ein Wort oder eine Wortgruppe; * am Wortende passt auf Endungen (fuchs*)',
      },
      remove: {
        name: 'entfernen',
        description: 'Ein Wort oder eine Wortgruppe wieder erlauben',
        pattern: 'Das Wort oder die Wortgruppe, wie aufgelistet',
      },
      list: { name: 'auflisten', description: 'Die Wörter und Wortgruppen, die dieser Server nicht erlaubt' },
    },
    option: {
      pattern: 'muster',
      user: 'mitglied',
      member: 'Das Mitglied',
      usd: 'usd',
      period: 'zeitraum',
      role: 'rolle',
      action: 'aktion',
      channel: 'kanal',
      below: 'unter',
      off: 'aus',
      days: 'tage',
    },
    period: { daily: 'täglich', weekly: 'wöchentlich', monthly: 'monatlich', total: 'gesamt' },
    action: { allow: 'erlauben', remove: 'entfernen', list: 'auflisten' },
  },
  perPeriod: {
    daily: '{{amount, money}} pro Tag',
    weekly: '{{amount, money}} pro Woche',
    monthly: '{{amount, money}} pro Monat',
    total: '{{amount, money}} insgesamt',
  },
  thisPeriod: { daily: 'heute', weekly: 'diese Woche', monthly: 'diesen Monat', total: 'insgesamt' },
  serversOnly: '/{{command}} funktioniert nur auf Servern.',
  manageOnly: 'Nur Mitglieder mit der Berechtigung „Server verwalten“ können /{{command}} verwenden.',
  negative: 'Ein Betrag kann nicht negativ sein (du hast „{{text}}“ eingegeben).',
  notAnAmount:
    '„{{text}}“ ist kein Betrag in USD mit höchstens 4 Nachkommastellen (zum Beispiel 2.50, mit Punkt).',
  amountTooLarge: 'Der Betrag darf höchstens {{max, money}} sein.',
  unknownPeriod: 'Unbekannter Zeitraum „{{value}}“: nimm täglich, wöchentlich, monatlich oder gesamt.',
  resets: '{{relative}} ({{absolute}})',
  neverResets: 'nie (ein Gesamtkontingent wird nicht zurückgesetzt)',
  anyChannel: 'jeder Kanal (keine Liste festgelegt)',
  source: {
    override: '{{allowance}} (eigenes Kontingent)',
    role: '{{allowance}} (von der Rolle {{role}})',
    anyRole: '{{allowance}} (von einer Rolle)',
    default: '{{allowance}} (Server-Standard)',
  },
  more: '… und {{count, number}} weitere',
  member: {
    title: 'Kontingent eines Mitglieds',
    resets: 'Nächste Zurücksetzung',
  },
  server: {
    title: 'Kontingent dieses Servers',
    defaultAllowance: 'Standardkontingent',
    budget: 'Server-Budget',
    budgetValue: '{{budget}} für alle Mitglieder zusammen · {{left, money}} übrig',
    noBudget: 'keins (Mitglieder sind nur durch ihre Kontingente begrenzt)',
    spent: 'Ausgaben {{when}} (alle Mitglieder)',
    spentReserved: '{{spent, money}} + {{reserved, money}} reserviert',
    inFlight: 'Laufend',
    inFlightValue_one: '{{count, number}} Generierung (höchstens {{cap, number}} pro Mitglied)',
    inFlightValue_other: '{{count, number}} Generierungen (höchstens {{cap, number}} pro Mitglied)',
    topSpenders: 'Höchste Ausgaben {{when}}',
    nobody: 'Noch niemand hat etwas ausgegeben.',
    roles: 'Kontingente der Rollen',
    overrides: 'Mitglieder mit eigenem Kontingent',
    channels: '/bild und /video erlaubt in',
    alerts: 'Warnungen',
    moderation: 'Moderationsprotokoll',
    moderationIn: 'in {{channel}}',
    prompts: 'Prompt-Regeln',
    promptsCount: '{{count, number}} · /{{command}}',
    alertsBelow: 'in {{channel}} · Guthaben unter {{amount, money}}, 401, 402, Abweichung',
    alertsNoBalance: 'in {{channel}} · nicht für das Guthaben, 401, 402, Abweichung',
  },
  set: {
    bot: 'Bots erstellen keine Generierungen; wähle ein Mitglied.',
    own: '{{user}} hat jetzt ein eigenes Kontingent von {{allowance}}; es hat Vorrang vor Rollen-Kontingenten und dem Standard.',
    ownDefaultPeriod:
      '{{user}} hat jetzt ein eigenes Kontingent von {{allowance}} (im Standardzeitraum des Servers); es hat Vorrang vor Rollen-Kontingenten und dem Standard.',
    figures:
      'Ausgegeben ({{when}}): {{spent, money}} · übrig: {{left, money}} · wird zurückgesetzt {{resets}}.',
  },
  role: {
    everyone: '@everyone sind alle Mitglieder: leg stattdessen den Server-Standard mit /{{command}} fest.',
    set: 'Mitglieder mit {{role}} bekommen {{allowance}}, sofern sie kein eigenes Kontingent haben. Wer mehrere solche Rollen hat, bekommt das höchste.',
  },
  default: {
    set: 'Das Standardkontingent des Servers ist jetzt {{allowance}}. Rollen-Kontingente und das Server-Budget nutzen denselben Zeitraum; Zeiträume richten sich nach UTC.',
  },
  budget: {
    off: 'Das Server-Budget ist aus: Mitglieder sind nur durch ihre eigenen Kontingente begrenzt.',
    set: 'Das Server-Budget ist jetzt {{budget}} für alle Mitglieder zusammen; {{when}} sind {{spent, money}} ausgegeben.',
  },
  confirm: {
    off: 'Anfragen werden sofort gesendet, egal was sie kosten: Es wird keine Bestätigung verlangt.',
    set: 'Anfragen, die mehr als {{amount, money}} kosten, muss das Mitglied jetzt bestätigen, bevor etwas gesendet wird.',
  },
  reset: {
    nothing: '{{user}} hat in diesem Zeitraum nichts ausgegeben: Es gab nichts zurückzusetzen.',
    done: 'Die Ausgaben von {{user}} in diesem Zeitraum sind wieder bei {{zero, money}} (vorher {{amount, money}}). Die Buchungen vermerken die Korrektur als deine.',
  },
  channels: {
    list: '/bild und /video können hier verwendet werden: {{channels}}.',
    nameIt: 'Gib den Kanal an, den du {{action}} willst, z. B. `{{example}}`.',
    allowed:
      '{{channel}} ist erlaubt. /bild und /video können jetzt hier verwendet werden: {{channels}}. Anderswo erfahren Mitglieder, wohin sie gehen sollen.',
    notListed: '{{channel}} war nicht auf der Liste. Erlaubt: {{channels}}.',
    removedEmpty:
      '{{channel}} ist entfernt und die Liste ist leer: /bild und /video können in jedem Kanal verwendet werden.',
    removed: '{{channel}} ist entfernt. /bild und /video können hier verwendet werden: {{channels}}.',
    unknownAction: 'Unbekannte Aktion „{{action}}“: nimm erlauben, entfernen oder auflisten.',
  },
  alerts: {
    both: 'Wähle entweder einen Kanal oder aus:true, nicht beides. Nichts wurde geändert.',
    low: 'wenn das gemeinsame Guthaben unter {{amount, money}} fällt (stündlich geprüft)',
    noLow: 'nie zum Guthaben (die Schwelle ist {{zero, money}})',
    off: 'Warnungen sind aus. Mit `{{example}}` postet der Bot dort: {{low}}, wenn der Dienst das API-Token ablehnt (401), wenn das gemeinsame Guthaben aufgebraucht ist (402), und Abbuchungen im Nutzungsprotokoll des Dienstes, die in keinen Buchungen stehen (stündlich geprüft).',
    on: 'Warnungen gehen an {{channel}}: {{low}}, wenn der Dienst das API-Token ablehnt (401), wenn das gemeinsame Guthaben aufgebraucht ist (402), und Abbuchungen im Nutzungsprotokoll des Dienstes, die in keinen Buchungen stehen (stündlich geprüft). Ausschalten mit `{{example}}`.',
  },
  moderation: {
    both: 'Wähle entweder einen Kanal oder aus:true, nicht beides. Nichts wurde geändert.',
    off: 'Das Moderationsprotokoll ist aus. Mit `{{example}}` postet der Bot dort eine Zeile für jede auf diesem Server gesendete Generierung (wer, wo, Modell, Preis und Prompt) und für jeden Prompt, den die Prompt-Regeln abgelehnt haben.',
    on: 'Das Moderationsprotokoll geht an {{channel}}: eine Zeile für jede auf diesem Server gesendete Generierung (wer, wo, Modell, Preis und Prompt; der Prompt hinter einem Spoiler, wenn in einem altersbeschränkten Kanal gefragt) und für jeden Prompt, den die Prompt-Regeln abgelehnt haben. Ausschalten mit `{{example}}`.',
  },
  report: {
    spanToday: 'heute ({{to}}, UTC)',
    spanDays_one: 'den letzten Tag ({{from}} bis {{to}}, UTC)',
    spanDays_other: 'die letzten {{count, number}} Tage ({{from}} bis {{to}}, UTC)',
    nothing:
      'Für {{span}} wurde auf diesem Server nichts berechnet: Es gibt keine Ausgaben für ein Diagramm.',
    tooLarge:
      'Der Bericht für {{span}} ist größer als das Anhangslimit dieses Servers: Frag nach weniger Tagen.',
    totals:
      'Ausgaben für {{span}}: berechnet {{charged, money}}, erstattet {{refunded, money}}, netto **{{net, money}}**.',
    csv: 'Die CSV listet jede Berechnung und Erstattung ({{count, number}}), Erstattungen negativ; Reservierungen und Zurücksetzungen sind keine Ausgaben.',
    thisServer: 'Dieser Server',
    chartTitle: '{{server}}: Ausgaben pro Tag, {{from}} bis {{to}}',
    chartDescription: 'Ausgaben pro Tag nach Mitglied und Modell, {{from}} bis {{to}}',
  },
  chart: {
    fallbackTitle: 'Ausgaben',
    subtitle: 'Berechnet {{charged, money}}, erstattet {{refunded, money}}, netto {{net, money}} (UTC-Tage)',
    byMember: 'Nach Mitglied',
    byModel: 'Nach Modell',
    others: 'alle anderen',
  },
  prompts: {
    added:
      'Prompts mit `{{pattern}}` werden jetzt privat abgelehnt, bevor etwas reserviert oder gesendet wird, ohne es zu nennen ({{n, number}} von {{max, number}} Regeln).',
    removed: '`{{pattern}}` ist wieder erlaubt (noch {{n, number}} von {{max, number}} Regeln).',
    notListed: '`{{pattern}}` war keine Regel: nichts geändert.',
    none: 'Dieser Server lehnt in Prompts kein Wort ab.',
    list: 'Prompts mit diesen werden abgelehnt ({{n, number}} von {{max, number}} Regeln): {{patterns}}',
    empty: 'Gib ein Wort oder eine Wortgruppe ein.',
    tooLong: 'Eine Regel hat höchstens 100 Zeichen.',
    star: 'Ein * darf nur am Ende eines Worts stehen, z. B. fuchs*.',
    full: 'Dieser Server hat {{max, number}} Prompt-Regeln, mehr geht nicht: entferne zuerst eine.',
  },
} satisfies Texts<'de', 'quota'>;
