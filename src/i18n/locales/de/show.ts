import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'zeigen',
    description: 'Ein früheres Ergebnis mit seinen Buttons zurückholen',
    id: {
      name: 'id',
      description:
        'Die Generierungs-ID (in Details, /nutzung oder im Fehlerbericht); wähl eine deiner eigenen',
    },
  },
  choice: {
    image: 'Bild: {{prompt}}',
    video: 'Video: {{prompt}}',
  },
  errors: {
    serversOnly: '/zeigen funktioniert nur auf Servern.',
    channelsOnly: '/zeigen funktioniert nur in Serverkanälen.',
    notAnId:
      'Das ist keine Generierungs-ID. Wähl eine deiner eigenen aus der Liste oder kopier die ID aus den Details oder einem Fehlerbericht.',
    notHere: 'Der Bot hat keine Aufzeichnung dieser Generierung auf diesem Server.',
    notYours:
      'Diese Generierung ist nicht deine; nur Mitglieder mit „Server verwalten“ können die Generierungen anderer zeigen.',
    unknown: 'Weder der Bot noch der Generierungsdienst kennt eine Generierung mit dieser ID.',
    notFinished: 'Diese Generierung ist noch nicht fertig; ihre Antwort zeigt das Ergebnis.',
  },
  record: {
    title: 'Generierung beim Dienst · {{status}}',
    status: {
      pending: 'wartet',
      processing: 'läuft',
      completed: 'fertig',
      failed: 'fehlgeschlagen',
    },
    id: 'ID',
    model: 'Modell',
    created: 'Erstellt',
    finished: 'Fertig',
    result: 'Ergebnis',
    openFile: 'Datei öffnen',
    error: 'Fehler',
    footer:
      'Der Bot hat keine Aufzeichnung dieser Generierung (wer sie angefordert hat, was sie gekostet hat), daher hat sie keine Buttons.',
  },
} satisfies Texts<'de', 'show'>;
