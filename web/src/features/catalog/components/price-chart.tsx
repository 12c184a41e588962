import { CATALOG_TEXTS, formatPrice, type ProductOffer } from '@contract/catalog';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { priceRange } from './price-range';

const HEIGHT = 160;
const LINE = '#3b82f6';
const LOW = '#16a34a';

/**
 * One offer's price history as a stepped line (the price holds until the next change), drawn up
 * to now; the points at the lowest price of the last 30 days are marked in green. This module
 * (and uPlot) loads only when a product page shows a history.
 */
export default function PriceChart({ offer }: { offer: ProductOffer }) {
  const box = useRef<HTMLDivElement>(null);
  const points = useMemo(() => offer.history.filter((p) => p.currency === offer.currency), [offer]);
  const label = `${CATALOG_TEXTS.historyOf(offer.vendor)}: ${points
    .map(
      (p) =>
        `${formatPrice(p.price, p.currency)} on ${p.recordedAt.slice(0, 10)}${p.lowest30d ? ` (${CATALOG_TEXTS.lowest30d})` : ''}`,
    )
    .join(', ')}`;

  useEffect(() => {
    const el = box.current;
    if (!el || points.length === 0) return;
    const ink = getComputedStyle(el).color || '#888';
    const grid = { stroke: 'rgba(128,128,128,0.2)' };
    const xs = points.map((p) => Date.parse(p.recordedAt) / 1000);
    const ys: (number | null)[] = points.map((p) => p.price);
    const lows: (number | null)[] = points.map((p) => (p.lowest30d ? p.price : null));
    // The line runs on to now at today's price.
    xs.push(Date.now() / 1000);
    ys.push(offer.price);
    lows.push(offer.lowest30d ? offer.price : null);
    let plot: uPlot | null = null;
    try {
      plot = new uPlot(
        {
          width: Math.max(el.clientWidth, 240),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: true },
          // A flat history (one price throughout) gets a scale around that price (price-range.ts).
          scales: { x: { time: true }, y: { range: (_u, min, max) => priceRange(min, max) } },
          axes: [
            { stroke: ink, grid },
            { stroke: ink, grid, size: 56, values: (_u, v) => v.map((n) => `$${n}`) },
          ],
          series: [
            {},
            {
              label: CATALOG_TEXTS.price,
              stroke: LINE,
              width: 2,
              paths: uPlot.paths.stepped?.({ align: 1 }),
              points: { show: true, size: 4 },
            },
            {
              label: CATALOG_TEXTS.lowest30d,
              stroke: LOW,
              width: 0,
              paths: () => null,
              points: { show: true, size: 9, fill: LOW, stroke: LOW },
            },
          ],
        },
        [xs, ys, lows],
        el,
      );
    } catch {
      // No canvas (an old browser, a test DOM): the figures stay readable in the label and table.
      return;
    }
    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: Math.max(el.clientWidth, 240), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot?.destroy();
    };
  }, [points, offer.price, offer.lowest30d]);

  if (points.length === 0) return <p className="text-sm text-muted-foreground">{CATALOG_TEXTS.noHistory}</p>;
  return (
    <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden text-muted-foreground" />
  );
}
