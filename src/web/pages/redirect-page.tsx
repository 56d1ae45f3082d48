import { Navigate, useLocation, useParams } from 'react-router';
import { PAGE_PATHS } from '../../shared/routes';
import { RedirectView } from '../features/redirect/redirect-view';
import { usePageContext } from '../lib/page-context';

export function RedirectPage() {
  const { alias } = useParams();
  const location = useLocation();
  const { status } = usePageContext();
  if (alias === undefined || alias === '') return <Navigate to={PAGE_PATHS.home} replace />;
  // The server's 404 is about the address the page was loaded at: the initial history entry,
  // which React Router keys "default".
  const knownMissing = location.key === 'default' && status === 404;
  return <RedirectView key={alias} alias={alias} knownMissing={knownMissing} />;
}
