/** The one 404 page: an address that does not exist and one the member may not see look the same. */
import type { Context } from 'hono';
import type { WebEnv } from '../context.ts';
import { messagePage, type Viewer } from '../views/layout.ts';

export function notFound(c: Context<WebEnv>, viewer: Viewer | undefined): Response {
  const l = c.get('l');
  return c.html(
    messagePage(l, l.t('web:errors.notFound'), l.t('web:errors.notFoundText'), viewer),
    404,
  ) as Response;
}
