import {
  CATALOG_TEXTS,
  CURRENCIES,
  type Currency,
  formatPrice,
  type Product,
  type ProductOffer,
} from '@contract/catalog';
import { Button } from '@web/components/ui/button';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { ExternalLink, TrendingDown, Trophy } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useProduct } from '../api/get-product';

const T = CATALOG_TEXTS;
const PriceChart = lazy(() => import('./price-chart'));

/** An offer's address as a link only when it is http(s). */
const safeHref = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/**
 * /products/{id}: the product's image and specifications (with the joules at 0.20 g), its offers
 * per currency (lowest price and in-stock marks, never converted) and each offer's price history
 * with the 30-day low marked. 'Product not found' for an unknown id; a retry on a failed load.
 */
export function ProductDetails({ id }: { id: string }) {
  const query = useProduct(id);
  if (query.isPending) return <ProductSkeleton />;
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div
        role="alert"
        className="space-y-4 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground"
      >
        <p>{notFound ? T.productNotFound : T.fetchProductFailed}</p>
        {notFound ? (
          <Button asChild variant="outline">
            <Link to="/">{T.backHome}</Link>
          </Button>
        ) : (
          <Button variant="outline" onClick={() => void query.refetch()}>
            {T.tryAgain}
          </Button>
        )}
      </div>
    );
  }
  const product = query.data;
  return (
    <article aria-labelledby="product-title" className="space-y-8" data-product-id={product.id}>
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="overflow-hidden rounded-2xl border border-border bg-card">
          <RemoteImage
            address={product.image}
            alt={product.title}
            sizes="(min-width: 768px) 40vw, 100vw"
            fetchPriority="high"
            className="aspect-square w-full object-contain"
            fallback="gear"
          />
        </div>
        <div className="min-w-0 space-y-4">
          <div className="space-y-1">
            {product.brand ? <p className="text-sm font-medium text-primary">{product.brand}</p> : null}
            <h1 id="product-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
              {product.title}
            </h1>
            {product.category ? <p className="text-sm text-muted-foreground">{product.category}</p> : null}
          </div>
          {product.description ? <p className="text-muted-foreground">{product.description}</p> : null}
          <LowestPrices product={product} />
          <Specifications product={product} />
        </div>
      </div>
      <Offers product={product} />
      <History product={product} />
    </article>
  );
}

function LowestPrices({ product }: { product: Product }) {
  if (product.lowestPrices.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label={T.lowestPrice}>
      {product.lowestPrices.map((l) => (
        <li key={l.currency} className="rounded-xl border border-border bg-card px-4 py-3">
          <p className="text-xs text-muted-foreground">{T.lowestIn(l.currency)}</p>
          <p className="text-xl font-semibold">{formatPrice(l.price, l.currency)}</p>
          <p className="text-xs text-muted-foreground">
            {l.vendor} · {l.inStock ? T.inStock : T.outOfStock}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Specifications({ product }: { product: Product }) {
  const specs: [string, string | null][] = [
    [T.brand, product.brand],
    [T.category, product.category],
    [T.fps, product.fps === null ? null : String(product.fps)],
    [T.joules, product.joules === null ? null : T.joulesValue(product.joules)],
    [T.weight, product.weight],
    [T.material, product.material],
    [T.magazineCapacity, product.magazineCapacity === null ? null : String(product.magazineCapacity)],
  ];
  const shown = specs.filter((s): s is [string, string] => s[1] !== null && s[1] !== '');
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="product-specs" className="space-y-2">
      <h2 id="product-specs" className="font-semibold">
        {T.specifications}
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {shown.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Offers({ product }: { product: Product }) {
  const groups = CURRENCIES.map((c) => [c, product.offers.filter((o) => o.currency === c)] as const).filter(
    ([, list]) => list.length > 0,
  );
  return (
    <section aria-labelledby="product-offers" className="space-y-3">
      <div className="space-y-1">
        <h2 id="product-offers" className="text-xl font-semibold">
          {T.offers}
        </h2>
        <p className="text-sm text-muted-foreground">{T.noConversion}</p>
      </div>
      {groups.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {T.noOffers}
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {groups.map(([currency, list]) => (
            <OfferTable key={currency} currency={currency} offers={list} />
          ))}
        </div>
      )}
    </section>
  );
}

function OfferTable({ currency, offers }: { currency: Currency; offers: readonly ProductOffer[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="px-3 pt-3 text-left font-medium">{currency}</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="px-3 py-2 font-medium">
              {T.vendor}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {T.price}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.stock}
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o) => {
            const href = safeHref(o.url);
            return (
              <tr key={o.id} className="border-b border-border last:border-0" data-offer-id={o.id}>
                <td className="px-3 py-2 align-top">
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="inline-flex items-center gap-1 font-medium underline-offset-4 hover:underline"
                    >
                      {o.vendor}
                      <ExternalLink className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">({T.visit})</span>
                    </a>
                  ) : (
                    <span className="font-medium">{o.vendor}</span>
                  )}
                  <div className="mt-1 flex flex-wrap gap-1">
                    {o.lowestInCurrency ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">
                        <Trophy className="size-3" aria-hidden="true" />
                        {T.lowestPrice}
                      </span>
                    ) : null}
                    {o.lowest30d ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-green-600/15 px-2 py-0.5 text-xs font-medium text-green-800 dark:text-green-300">
                        <TrendingDown className="size-3" aria-hidden="true" />
                        {T.lowest30d}
                      </span>
                    ) : null}
                  </div>
                </td>
                <td className="px-3 py-2 text-right align-top font-semibold whitespace-nowrap">
                  {formatPrice(o.price, o.currency)}
                </td>
                <td className="px-3 py-2 align-top">
                  <span
                    className={o.inStock ? 'text-green-800 dark:text-green-300' : 'text-muted-foreground'}
                  >
                    {o.inStock ? T.inStock : T.outOfStock}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function History({ product }: { product: Product }) {
  if (product.offers.length === 0) return null;
  return (
    <section aria-labelledby="product-history" className="space-y-3">
      <h2 id="product-history" className="text-xl font-semibold">
        {T.priceHistory}
      </h2>
      <ul className="grid gap-4 lg:grid-cols-2">
        {product.offers.map((o) => (
          <li key={o.id} className="min-w-0 space-y-2 rounded-xl border border-border bg-card p-3">
            <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{o.vendor}</span>
              <span className="text-muted-foreground">
                {formatPrice(o.price, o.currency)}
                {o.lowest30d ? ` · ${T.lowest30d}` : ''}
              </span>
            </p>
            <Suspense fallback={<Skeleton className="h-40 w-full" />}>
              <PriceChart offer={o} />
            </Suspense>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <span className="sr-only">Loading product</span>
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <div className="space-y-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
