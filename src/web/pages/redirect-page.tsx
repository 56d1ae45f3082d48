import { Navigate, useLocation, useParams } from 'react-router';
import { PAGE_PATHS } from '../../shared/routes';
import { LinkGate } from '../features/redirect/link-gate';
import { RedirectView } from '../features/redirect/redirect-view';
import { usePageContext } from '../lib/page-context';

export function RedirectPage() {
  const { alias } = useParams();
  const location = useLocation();
  const { status, linkGate } = usePageContext();
  if (alias === undefined || alias === '') return <Navigate to={PAGE_PATHS.home} replace />;
  // What the server answered (a 404, an expired or protected link) is about the address the
  // page was loaded at: the initial history entry, which React Router keys "default". The page
  // keeps the view the server rendered; an alias reached by client-side navigation is asked anew.
  const loadedHere = location.key === 'default';
  if (loadedHere && linkGate !== undefined) return <LinkGate view={linkGate} />;
  return <RedirectView key={alias} alias={alias} knownMissing={loadedHere && status === 404} />;
}
