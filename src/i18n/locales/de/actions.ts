import type { Texts } from '../../messages.ts';

export default {
  press: {
    repeated: 'Du hast das gerade eben gedrückt: Dieser Klick ist schon unterwegs.',
    unknownComponent: 'Das kennt der Bot nicht mehr. Bitte fang noch einmal mit dem Befehl an.',
    unknownCommand: 'Diesen Befehl kennt der Bot nicht mehr.',
    unknownSubcommand: 'Diesen Unterbefehl ({{name}}) kennt der Bot nicht mehr.',
    badOption:
      'Die Option `{{name}}` kam nicht so an, wie dieser Befehl sie festlegt. Es wurde nichts gesendet, berechnet oder geändert.',
    noSubcommand:
      'Dieser Befehl kam ohne einen seiner Unterbefehle an. Es wurde nichts gesendet, berechnet oder geändert.',
    unknownOption:
      'Die Option `{{name}}` kennt der Bot nicht. Es wurde nichts gesendet, berechnet oder geändert.',
    noFocusedOption:
      'Diese Autovervollständigung kam nicht mit genau einer Option an, die gerade getippt wird.',
    optionMissing:
      'Die Option `{{name}}` ist erforderlich. Es wurde nichts gesendet, berechnet oder geändert.',
    optionChannelKind:
      'Der als `{{name}}` angegebene Kanal ist von keiner Art, die diese Option annimmt. Es wurde nichts gesendet, berechnet oder geändert.',
    optionChoice:
      'Die Option `{{name}}` nimmt nur einen dieser Werte an: {{choices}}. Es wurde nichts gesendet, berechnet oder geändert.',
    optionRange:
      'Die Option `{{name}}` nimmt einen Wert von {{min, number}} bis {{max, number}} an. Es wurde nichts gesendet, berechnet oder geändert.',
    optionAtLeast:
      'Die Option `{{name}}` nimmt einen Wert von mindestens {{min, number}} an. Es wurde nichts gesendet, berechnet oder geändert.',
    optionAtMost:
      'Die Option `{{name}}` nimmt einen Wert von höchstens {{max, number}} an. Es wurde nichts gesendet, berechnet oder geändert.',
    optionTooLong:
      'Die Option `{{name}}` darf höchstens {{max, number}} Zeichen lang sein (sie hat {{length, number}}). Es wurde nichts gesendet, berechnet oder geändert.',
    optionTooShort:
      'Die Option `{{name}}` muss mindestens {{min, number}} Zeichen lang sein (sie hat {{length, number}}). Es wurde nichts gesendet, berechnet oder geändert.',
    notOnThisMessage:
      'Das gehört nicht zu der Nachricht, an der es benutzt wurde, deshalb hat der Bot nichts getan. Es wurde nichts gesendet, berechnet oder geändert.',
  },
  errors: {
    unexpected:
      'Bei uns ist etwas schiefgelaufen. Wenn das öfter passiert, nenne einem Admin die Fehler-ID `{{errorId}}`.',
    storeFault:
      'Der Bot kann gerade keine Ausgaben erfassen und nimmt deshalb keine Anfragen an. Es wurde nichts gesendet und nichts berechnet; bitte versuch es später noch einmal.',
    storeFaultWithId:
      'Der Bot kann gerade keine Ausgaben erfassen und nimmt deshalb keine Anfragen an. Es wurde nichts gesendet und nichts berechnet; bitte versuch es später noch einmal. Hält das an, nenne einem Admin die Fehler-ID `{{errorId}}`.',
  },
  result: {
    unknown:
      'Dieses Ergebnis kennt der Bot nicht mehr, daraus lässt sich also nichts mehr machen. Es wurde nichts gesendet oder berechnet.',
  },
  higherResolution: {
    none: '{{model}} hat keine höhere Auflösung als dieses Ergebnis. Es wurde nichts gesendet oder berechnet.',
  },
  vary: {
    title: 'Variieren: {{model}}',
    promptLabel: 'Prompt',
    uploadLabel: 'Referenzbilder (optional)',
    uploadDescription_one:
      'Kommt zu den Referenzen dieser Anfrage hinzu; bei diesem Modell bis zu {{count, number}} Bild.',
    uploadDescription_other:
      'Kommen zu den Referenzen dieser Anfrage hinzu; bei diesem Modell bis zu {{count, number}} Bilder.',
  },
  animate: {
    notAnImage: 'Nur ein fertiges Bild lässt sich animieren. Es wurde nichts gesendet oder berechnet.',
    notPublic:
      'Die Adresse dieses Bildes beim Generierungsdienst ist nicht öffentlich: Nur öffentliche http(s)-Adressen lassen sich verwenden. Es wurde nichts gesendet oder berechnet.',
    noModels: 'Gerade nimmt kein Videomodell ein Startbild an. Es wurde nichts gesendet oder berechnet.',
    menu: 'Wähle das Videomodell, das dieses Bild animiert. Die Preise gelten für seine Standarddauer und -auflösung, wie bei /video ohne Optionen. Danach schreibst du den Prompt; berechnet wird erst, wenn du ihn sendest.',
    menuPlaceholder: 'Videomodell',
    modelGone:
      'Dieses Videomodell nimmt kein Startbild mehr an; drück noch einmal auf „Animieren“. Es wurde nichts gesendet oder berechnet.',
    title: 'Animieren mit {{model}}',
    promptLabel: 'Was im Video passiert',
    uploadLabel: 'Weitere Referenzbilder (optional)',
    uploadDescription_one:
      'Folgt auf dieses Bild, das Startbild; bei diesem Modell bis zu {{count, number}} Bild.',
    uploadDescription_other:
      'Folgen auf dieses Bild, das Startbild; bei diesem Modell bis zu {{count, number}} Bilder.',
    formUnknown: 'Dieses Formular kennt der Bot nicht mehr; drück noch einmal auf „Animieren“.',
  },
  continue: {
    noLastFrame:
      'Der Generierungsdienst hat zu diesem Ergebnis kein letztes Bild geliefert, deshalb lässt es sich nicht fortsetzen. Es wurde nichts gesendet oder berechnet.',
    notPublic:
      'Die Adresse des letzten Bildes beim Generierungsdienst ist nicht öffentlich: Nur öffentliche http(s)-Adressen lassen sich verwenden. Es wurde nichts gesendet oder berechnet.',
    title: 'Fortsetzen: {{model}}',
    promptLabel: 'Was als Nächstes passiert',
  },
  delete: {
    notYours:
      'Nur das Mitglied, das dieses Ergebnis angefordert hat, oder wer hier Nachrichten verwalten darf, kann es löschen. Es wurde nichts geändert.',
    done: 'Das Ergebnis wurde gelöscht.',
    failed: 'Der Bot konnte diese Nachricht hier nicht löschen. Es wurde nichts geändert.',
  },
  confirm: {
    outsideChannel: 'Diesen Button kennt der Bot nicht mehr; führ den Befehl noch einmal aus.',
    notHere:
      'Diese Bestätigung gehört zu einem anderen Kanal und kann hier nicht beantwortet werden. Es wurde nichts gesendet oder berechnet.',
    notYours:
      'Diese Bestätigung gehört nicht dir: Nur das Mitglied, das angefragt hat, kann sie beantworten.',
    gone: 'Diese Bestätigung ist nicht mehr offen.',
    expired: 'Diese Bestätigung ist abgelaufen; es wurde nichts gesendet oder berechnet.',
    onItsWay: 'Diese Anfrage ist schon unterwegs.',
    alreadyCancelled: 'Diese Anfrage wurde abgebrochen; es wurde nichts gesendet oder berechnet.',
    cancelled:
      'Abgebrochen. Es wurde nichts gesendet, und die dafür reservierten {{amount, money}} stehen dir wieder zur Verfügung.',
    modelGone: 'Das Modell „{{model}}“ wird nicht mehr angeboten. Es wurde nichts gesendet oder berechnet.',
    confirmed: 'Bestätigt: Deine Anfrage ist unterwegs; die Antwort im Kanal zeigt, wie es vorangeht.',
  },
  queue: {
    notYours: 'Diese Anfrage gehört nicht dir: Nur das Mitglied, das sie gestellt hat, kann sie abbrechen.',
    alreadySent:
      'Diese Anfrage ist schon beim Generierungsdienst, und der kann eine Generierung nicht mehr stoppen, sobald er sie hat; die Antwort zeigt, wie es vorangeht.',
    noLongerWaiting: 'Diese Anfrage wartet nicht mehr; die Antwort zeigt, was aus ihr geworden ist.',
  },
  modal: {
    chooseModel: 'Wähle im Menü ein Modell. Es wurde nichts gesendet oder berechnet.',
    uploadNotMedia:
      'Die hochgeladene Datei „{{name}}“ ist weder Bild noch Video noch Audiodatei (sondern {{type}}). Es wurde nichts gesendet oder berechnet.',
    uploadNotMediaUnknownType:
      'Die hochgeladene Datei „{{name}}“ ist weder Bild noch Video noch Audiodatei (ihr Typ ist unbekannt). Es wurde nichts gesendet oder berechnet.',
  },
} satisfies Texts<'de', 'actions'>;
