import { PageHeader } from '../components/layout/page-header';
import { MyLinksDashboard } from '../features/dashboard/my-links-dashboard';
import { dashboardTexts } from '../features/dashboard/dashboard-texts';
import { usePageTitle } from '../lib/use-page-title';

export function DashboardPage() {
  usePageTitle('Meus links');
  return (
    <>
      <PageHeader eyebrow="Dashboard" title="Meus links">
        {dashboardTexts.intro}
      </PageHeader>
      <MyLinksDashboard />
    </>
  );
}
