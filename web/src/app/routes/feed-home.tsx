import { PRODUCT_NAME } from '@contract/common';
import { FEED_TEXTS } from '@contract/posts';
import { PageContainer } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { FeedSection } from '@web/features/posts/components/feed-section';
import { Calendar, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

export { preloadFeedCards } from '@web/features/posts/components/feed-section';

const FEED_ID = 'community-feed';

/** The feed section (SPEC §2 Home): the hero banner over the community feed. */
export function FeedHome() {
  return (
    <PageContainer className="max-w-4xl">
      <Hero />
      <FeedSection id={FEED_ID} />
    </PageContainer>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative flex min-h-[500px] items-center overflow-hidden rounded-2xl border border-border bg-gradient-to-br from-hero-from to-hero-to px-6 py-12 text-white sm:px-12"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 opacity-[0.06] [background-image:repeating-linear-gradient(45deg,#fff_0_1px,transparent_1px_14px)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-primary/25 blur-3xl"
      />
      <div className="relative max-w-2xl">
        <p className="mb-4 text-sm font-semibold tracking-[0.2em] text-primary uppercase">{PRODUCT_NAME}</p>
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
          {FEED_TEXTS.heroTitle}
        </h1>
        <p className="mt-5 text-lg text-white/80">{FEED_TEXTS.heroSubtitle}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button
            size="lg"
            onClick={() =>
              document.getElementById(FEED_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
            }
          >
            Get Started
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/30 bg-white/5 text-white hover:bg-white/15 hover:text-white"
          >
            <Link to="/events">
              <Calendar aria-hidden="true" />
              Explore Events
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
