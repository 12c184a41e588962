import { AUTH_TEXTS } from '@contract/auth';
import { PRODUCT_NAME } from '@contract/common';
import { Calendar, Crosshair, Users } from 'lucide-react';

const ICONS = [Users, Calendar, Crosshair];

/** The /auth marketing panel with the community's numbers (SPEC §2). */
export function MarketingPanel() {
  return (
    <section
      aria-label={`About ${PRODUCT_NAME}`}
      className="relative flex flex-col justify-center overflow-hidden bg-gradient-to-br from-hero-from to-hero-to px-6 py-12 text-white sm:px-10 lg:px-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 opacity-[0.07] [background-image:repeating-linear-gradient(45deg,#fff_0_1px,transparent_1px_14px)]"
      />
      <div className="relative max-w-xl">
        <p className="mb-3 text-sm font-semibold tracking-[0.2em] text-primary uppercase">{PRODUCT_NAME}</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl lg:text-5xl">
          Your squad, your loadout, your next op.
        </h1>
        <p className="mt-4 text-base text-white/75 sm:text-lg">
          Showcase your loadout, discover events, connect with players and gear up with the best equipment.
        </p>
        <ul className="mt-10 grid gap-4 sm:grid-cols-3">
          {AUTH_TEXTS.marketing.map((text, i) => {
            const Icon = ICONS[i % ICONS.length];
            return (
              <li key={text} className="rounded-xl border border-white/15 bg-white/5 p-4 backdrop-blur-sm">
                <Icon className="mb-3 size-5 text-primary" aria-hidden="true" />
                <p className="text-lg leading-snug font-bold">{text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
