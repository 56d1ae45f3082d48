import { useLocation, useParams } from 'react-router';
import { aliasFromPathSegment } from '../../shared/alias-rules';
import { PageHeader } from '../components/layout/page-header';
import { LinkInsights } from '../features/insights/link-insights';
import { insightsTexts as t } from '../features/insights/insights-texts';
import { rememberUnavailable } from '../features/dashboard/link-view-memory';
import { LinkNotFound } from '../features/redirect/redirect-view';
import { withoutScheme } from '../lib/format';
import { usePageContext } from '../lib/page-context';
import { useSiteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';

/**
 * One link's statistics (/dashboard/:alias). An address that cannot name a link gets the 404
 * view, as the server answered it (aliasFromPathSegment decides on both sides).
 */
export function LinkStatsPage() {
  const { alias: segment = '' } = useParams();
  const location = useLocation();
  const { status } = usePageContext();
  const alias = aliasFromPathSegment(segment);
  // The server's 404 is about the address the page was loaded at (React Router's "default" entry).
  if (alias === undefined || (location.key === 'default' && status === 404)) return <LinkNotFound />;
  return <LinkStats alias={alias} />;
}

function LinkStats({ alias }: { alias: string }) {
  usePageTitle(t.pageTitle(alias));
  const { publicUrl, clickInsights } = useSiteConfig();
  const site = withoutScheme(publicUrl.replace(/\/+$/, ''));
  const shortUrl = `${publicUrl.replace(/\/+$/, '')}/${alias}`;
  return (
    <>
      {/* A line may break after the site's name rather than inside the alias. */}
      <PageHeader
        eyebrow={t.eyebrow}
        title={
          <>
            {site}/<wbr />
            {alias}
          </>
        }
      >
        {clickInsights ? t.intro : t.introDaysOnly}
      </PageHeader>
      {/* What the statistics learn of the link reaches the cards of "Meus links". */}
      <LinkInsights alias={alias} shortUrl={shortUrl} onUnavailable={rememberUnavailable} />
    </>
  );
}
