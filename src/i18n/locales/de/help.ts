import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'hilfe',
    description: 'Was der Bot kann, seine Befehle und dein Kontingent',
  },
  serversOnly: '/{{command}} funktioniert nur auf Servern.',
  title: 'Was dieser Bot kann',
  adminTitle: 'Für Admins (Server verwalten)',
  whatItDoes:
    'Gib `/{{imagine}}` oder `/{{video}}` mit einem Prompt ein: Der Bot schickt ihn an den Generierungsdienst und macht aus seiner Antwort das fertige Bild oder Video, mit Buttons zum Weitermachen (Nochmal, Variieren, Animieren, Höhere Auflösung, Details, Löschen). Ein gemeinsames Konto bezahlt jede Generierung, deshalb gibt jedes Mitglied im Rahmen seines eigenen Kontingents aus.',
  commands: '**Befehle**',
  messageCommand: '**{{name}}** · im Apps-Menü einer Nachricht, aus ihren Dateien',
  yourAllowance: 'Dein Kontingent',
  howQuotasWork: 'So funktionieren Kontingente',
  reserve:
    'Bevor eine Anfrage gesendet wird, wird ihr Preis in deinem Kontingent reserviert; sobald der Dienst antwortet, gilt sein eigener Preis, und eine fehlgeschlagene Generierung wird erstattet.',
  refuse:
    'Eine Anfrage, die nicht mehr in dein Kontingent passt, wird privat abgelehnt, und nichts wird gesendet. Bei einer teuren siehst du zuerst den Preis, und sie wird erst gesendet, wenn du auf Bestätigen drückst.',
  cap_one: 'Du kannst höchstens {{count, number}} Generierung gleichzeitig laufen haben.',
  cap_other: 'Du kannst höchstens {{count, number}} Generierungen gleichzeitig laufen haben.',
  adminIntro:
    'Mitglieder geben im Rahmen des Server-Standards aus, bis du einer Rolle oder einem Mitglied ein Kontingent gibst; ein Server-Budget begrenzt alle zusammen.',
  promptRules: {
    title: 'Prompt-Regeln',
    count_one: '{{count, number}} Wort oder Wortgruppe, die dieser Server nicht erlaubt (`{{list}}`)',
    count_other: '{{count, number}} Wörter oder Wortgruppen, die dieser Server nicht erlaubt (`{{list}}`)',
    none: 'Keine: Jeder Prompt ist erlaubt. Mit `{{add}}` fügst du ein Wort oder eine Wortgruppe hinzu, die dieser Server nicht erlaubt.',
    unreadable: 'Sie konnten gerade nicht gelesen werden (Fehler-ID `{{errorId}}`); `{{list}}` zeigt sie.',
  },
  countTip: '**Mehrere Varianten:** `{{option}}` bei {{commands}}: {{description}}',
  countTipRange:
    '**Mehrere Varianten:** `{{option}}` ({{min, number}} bis {{max, number}}) bei {{commands}}: {{description}}',
  unreadable:
    'Der Bot konnte dein Kontingent gerade nicht lesen (Fehler-ID `{{errorId}}`). /{{usage}} zeigt es, sobald der Speicher des Bots wieder antwortet.',
  left: '{{left, money}} übrig · {{when}} ausgegeben: {{spent, money}}',
  resets: 'Wird zurückgesetzt {{when}}',
  usageHint: 'Deine Ausgaben und letzten Generierungen: /{{usage}} oder **{{button}}** unten.',
  models: 'Modelle',
  myUsage: 'Meine Nutzung',
} satisfies Texts<'de', 'help'>;
