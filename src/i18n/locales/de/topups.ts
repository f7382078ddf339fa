/** Deutsch: was ein Mitglied oder die Admins zu einer im Discord-Shop gekauften Aufstockung erfahren. */
export default {
  credited:
    'Danke: Dein Kauf hat deiner Aufstockung {{amount, money}} hinzugefügt. Sie wird nach dem Kontingent des Zeitraums verbraucht und nie zurückgesetzt; /usage zeigt sie.',
  waiting:
    'Danke für deinen Kauf. Nutze /usage auf dem Server, für den du ihn gekauft hast: Dort wird er deiner Aufstockung hinzugefügt.',
  refunded:
    'Discord hat eine Aufstockung von {{user}} erstattet: {{taken, money}} davon wurden zurückgenommen.',
  refundedOwed:
    'Discord hat eine Aufstockung von {{user}} erstattet: {{taken, money}} wurden zurückgenommen, {{owed, money}} davon waren schon ausgegeben; das ist als offen vermerkt.',
} as const;
