import { ComingSoon, PageContainer, PageTitle } from '@web/components/page';

/** /gear: gear rating (protected). */
export function GearPage() {
  return (
    <PageContainer>
      <PageTitle title="Rate Gear" description="Rate other players' gear and see the top-rated list." />
      <ComingSoon />
    </PageContainer>
  );
}
