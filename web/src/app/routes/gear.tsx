import { PageContainer, PageTitle } from '@web/components/page';
import { GearTabs } from '@web/features/gear/components/gear-page';

/** /gear: gear rating (protected). */
export function GearPage() {
  return (
    <PageContainer>
      <PageTitle title="Rate Gear" description="Rate other players' gear and see the top-rated list." />
      <GearTabs />
    </PageContainer>
  );
}
