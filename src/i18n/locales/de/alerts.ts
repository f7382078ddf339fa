import type { Texts } from '../../messages.ts';

export default {
  tokenRefused:
    '**Warnung:** Der Generierungsdienst hat das API-Token des Bots abgelehnt (401). Keine Generierung kann gestartet oder verfolgt werden, bis der Betreiber des Bots ein gültiges `MEDIA_API_TOKEN` setzt und ihn neu startet. Abgelehnte Anfragen wurden nicht berechnet. (Höchstens einmal pro Stunde gemeldet.)',
  balanceUsedUp:
    '**Warnung:** Der Generierungsdienst hat eine Anfrage abgelehnt, weil das gemeinsame Guthaben aufgebraucht ist (402). Anfragen der Mitglieder schlagen fehl, bis das Konto aufgeladen ist; für sie wurde nichts berechnet. (Höchstens einmal pro Stunde gemeldet.)',
  drift:
    '**Warnung:** Das Nutzungsprotokoll des Dienstes zeigt Abbuchungen, die in keinen Buchungen dieses Bots stehen, eine Stunde nachdem die letzte Prüfung sie gefunden hat: meist eine fehlgeschlagene Generierung, die der Dienst weiter berechnet hat, nachdem der Bot sie dem Mitglied erstattet hatte, oder eine Nutzung des API-Tokens außerhalb dieses Bots. Vergleiche mit /guthaben.',
  balanceLow:
    '**Warnung:** Das gemeinsame Guthaben beim Generierungsdienst beträgt {{balance, money}} und liegt unter der Warnschwelle dieses Servers von {{below, money}}. Lade es auf, bevor es aufgebraucht ist: Dann wird jede Anfrage abgelehnt. (Erneut gemeldet erst, wenn es wieder über {{below, money}} lag; die Schwelle änderst du mit /{{command}}.)',
} satisfies Texts<'de', 'alerts'>;
