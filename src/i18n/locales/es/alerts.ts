import type { Texts } from '../../messages.ts';

export default {
  tokenRefused:
    '**Alerta:** el servicio de generación ha rechazado el token de la API del bot (401). No se puede iniciar ni seguir ninguna generación hasta que el operador del bot configure un `MEDIA_API_TOKEN` válido y lo reinicie. Las solicitudes rechazadas no se han cobrado. (Se avisa como mucho una vez por hora).',
  balanceUsedUp:
    '**Alerta:** el servicio de generación ha rechazado una solicitud porque el saldo compartido se ha agotado (402). Las solicitudes de los miembros fallarán hasta que se recargue la cuenta; no se les ha cobrado nada. (Se avisa como mucho una vez por hora).',
  drift:
    '**Alerta:** el registro de uso del servicio muestra cargos que no figuran en la contabilidad de este bot, una hora después de que la última comprobación los encontrara: normalmente una generación fallida que el servicio siguió cobrando después de que el bot reembolsara al miembro, o un uso del token de la API fuera de este bot. Compáralo con /saldo.',
  balanceLow:
    '**Alerta:** el saldo compartido del servicio de generación es de {{balance, money}}, por debajo del umbral de alerta de este servidor de {{below, money}}. Recárgalo antes de que se agote: entonces se rechazará cada solicitud. (Solo se vuelve a avisar cuando haya vuelto a superar {{below, money}}; cambia el umbral con /{{command}}).',
} satisfies Texts<'es', 'alerts'>;
