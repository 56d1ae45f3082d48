import { Navigate, useLocation, useParams } from 'react-router';
import { PAGE_PATHS } from '../../shared/routes';
import { RedirectView } from '../features/redirect/redirect-view';
import { pageServedAsNotFound } from '../lib/app-status';

export function RedirectPage() {
  const { alias } = useParams();
  const location = useLocation();
  if (alias === undefined || alias === '') return <Navigate to={PAGE_PATHS.home} replace />;
  // The server's 404 mark is about the address the page was loaded at: the initial history
  // entry, which React Router keys "default".
  const knownMissing = location.key === 'default' && pageServedAsNotFound();
  return <RedirectView key={alias} alias={alias} knownMissing={knownMissing} />;
}
