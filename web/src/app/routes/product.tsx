import { ComingSoon, PageContainer } from '@web/components/page';

/** /products/{productId}: a catalog product with its offers and price history (issue 13). */
export function ProductPage() {
  return (
    <PageContainer>
      <ComingSoon />
    </PageContainer>
  );
}
