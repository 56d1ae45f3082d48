import { LinkNotFound } from '../features/redirect/redirect-view';

/** Any other unknown address (e.g. /a/b): the server answers 404 with the app, which says so. */
export function NotFoundPage() {
  return <LinkNotFound />;
}
