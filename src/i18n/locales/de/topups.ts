/** Deutsch: was ein Mitglied oder die Admins zu einer im Discord-Shop gekauften Aufstockung erfahren. */
export default {
  credited:
    'Danke: Dein Kauf hat deiner Aufstockung {{amount, money}} hinzugefügt. Sie wird nach dem Kontingent des Zeitraums verbraucht und nie zurückgesetzt; /nutzung zeigt sie.',
  waiting:
    'Danke für deinen Kauf. Nutze /nutzung auf dem Server, für den du ihn gekauft hast: Dort wird er deiner Aufstockung hinzugefügt.',
  refunded:
    'Discord hat eine Aufstockung von {{user}} erstattet: {{taken, money}} davon wurden zurückgenommen.',
  refundedOwed:
    'Discord hat eine Aufstockung von {{user}} erstattet: {{taken, money}} wurden zurückgenommen, {{owed, money}} davon waren schon ausgegeben; das ist als offen vermerkt.',
  claiming_one:
    'Dein Kauf außerhalb eines Servers wird deiner Aufstockung auf diesem Server hinzugefügt; eine Nachricht bestätigt es.',
  claiming_other:
    'Deine {{count, number}} Käufe außerhalb eines Servers werden deiner Aufstockung auf diesem Server hinzugefügt; eine Nachricht bestätigt jeden.',
} as const;
