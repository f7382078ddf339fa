import type { Texts } from '../../messages.ts';

export default {
  hello:
    'Hallo! Ich bin {{bot}}. Mitglieder erstellen hier Bilder und Videos mit `/bild` und `/video`; `/modelle` listet die Modelle und ihre Preise.',
  allowance:
    'Jede Generierung wird aus einem gemeinsamen Prepaid-Guthaben bezahlt, deshalb gibt jedes Mitglied nur im Rahmen eines Kontingents aus: Bis Admins Kontingente festlegen, darf jedes Mitglied den Standard ausgeben, **{{allowance}}**, und nichts darüber hinaus.',
  noAllowance:
    'Jede Generierung wird aus einem gemeinsamen Prepaid-Guthaben bezahlt, deshalb gibt jedes Mitglied nur im Rahmen eines Kontingents aus: Bis Admins Kontingente festlegen, wird nichts ausgegeben, denn das Standardkontingent ist {{zero, money}}.',
  start: 'Für den Anfang kann jeder mit der Berechtigung „Server verwalten“ Folgendes nutzen:',
  default: '• `/{{command}}` — das Kontingent, das jedes Mitglied bekommt, und sein Zeitraum',
  budget: '• `/{{command}}` — eine Obergrenze für die Ausgaben des ganzen Servers pro Zeitraum',
  show: '• `/{{command}}` — die Kontingente und wer was ausgegeben hat',
} satisfies Texts<'de', 'welcome'>;
