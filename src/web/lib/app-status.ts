// The server marks its 404 pages with <meta name="app-status" content="404"> (the app cannot
// read the HTTP status of the page it runs in). The mark describes only the address the page
// was loaded at, so callers combine it with "this is still the initial history entry".
import { APP_STATUS_META, NOT_FOUND_STATUS } from '../../shared/app-shell';

export function pageServedAsNotFound(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${APP_STATUS_META}"][content="${NOT_FOUND_STATUS}"]`) !== null;
}
