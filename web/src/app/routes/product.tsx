import { PageContainer } from '@web/components/page';
import { ProductDetails } from '@web/features/catalog/components/product-details';
import { useParams } from 'react-router';

/** /products/{productId}: a catalog product with its offers and price history (issue 13). Public. */
export function ProductPage() {
  const { productId = '' } = useParams();
  return (
    <PageContainer>
      <ProductDetails key={productId} id={productId} />
    </PageContainer>
  );
}
