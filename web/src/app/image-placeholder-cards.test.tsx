import { EVENT_TYPES } from '@contract/events';
import { fireEvent, screen } from '@testing-library/react';
import type { PlaceholderKind } from '@web/components/image-placeholder';
import { EventCard } from '@web/features/events/components/event-card';
import { anEvent } from '@web/features/events/test-data';
import { GearItem } from '@web/features/gear/components/rate-gear';
import { TopRated } from '@web/features/gear/components/top-rated';
import { UserGear } from '@web/features/gear/components/user-gear';
import { aGear } from '@web/features/gear/test-data';
import { NewsCard } from '@web/features/news/components/news-card';
import { anArticle } from '@web/features/news/test-data';
import { TeamCard } from '@web/features/teams/components/team-card';
import { TeamHeader } from '@web/features/teams/components/team-header';
import { aTeam } from '@web/features/teams/test-data';
import { TutorialCard } from '@web/features/tutorials/components/tutorial-card';
import { aTutorial } from '@web/features/tutorials/test-data';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

const BROKEN = '/objects/images/gone.webp';

/** Renders the card and checks the drawing of `kind` stands where its image would be, with no <img>. */
function expectDrawn(container: Element, kind: PlaceholderKind, count = 1) {
  expect(container.querySelectorAll(`[data-placeholder-kind="${kind}"]`)).toHaveLength(count);
  expect(container.querySelector('img')).toBeNull();
}

/** Renders the card with a broken address: the <img> is tried, fails, and the drawing replaces it. */
function expectFallbackOnError(container: Element, kind: PlaceholderKind) {
  const imgs = [...container.querySelectorAll(`img[src="${BROKEN}"]`)];
  expect(imgs.length).toBeGreaterThan(0);
  for (const img of imgs) fireEvent.error(img);
  expectDrawn(container, kind, imgs.length);
}

function show(ui: ReactNode) {
  mockFetch(signedOut());
  return renderApp(ui).container;
}

describe('cards without an image draw their kind', () => {
  it('event cards: one drawing per event type, missing or failing', () => {
    for (const type of EVENT_TYPES) {
      const missing = show(<EventCard event={anEvent({ type, image: null })} />);
      expectDrawn(missing, type);
      const failing = show(<EventCard event={anEvent({ type, image: BROKEN })} />);
      expectFallbackOnError(failing, type);
      document.body.innerHTML = '';
    }
  });

  it('news cards', () => {
    expectDrawn(show(<NewsCard article={anArticle(1, { image: null })} />), 'news');
    expectFallbackOnError(show(<NewsCard article={anArticle(2, { image: BROKEN })} />), 'news');
  });

  it('tutorial cards', () => {
    expectDrawn(
      show(<TutorialCard tutorial={aTutorial(1, { image: null })} onOpen={() => {}} />),
      'tutorial',
    );
    expectFallbackOnError(
      show(<TutorialCard tutorial={aTutorial(2, { image: BROKEN })} onOpen={() => {}} />),
      'tutorial',
    );
  });

  it('team cards and the team page: logo and banner', () => {
    expectDrawn(show(<TeamCard team={aTeam(1)} />), 'team-logo');
    expectFallbackOnError(show(<TeamCard team={aTeam(2, { logo: BROKEN })} />), 'team-logo');
    const header = show(<TeamHeader team={aTeam(3)} />);
    expectDrawn(header, 'team-banner');
    expectDrawn(header, 'team-logo');
    const failing = show(<TeamHeader team={aTeam(4, { logo: BROKEN, banner: BROKEN })} />);
    for (const img of failing.querySelectorAll('img')) fireEvent.error(img);
    expectDrawn(failing, 'team-banner');
    expectDrawn(failing, 'team-logo');
  });

  it('gear: the rating card, missing or failing; its drawing is named by the gear', () => {
    const missing = show(<GearItem item={aGear(1, { image: null as unknown as string })} />);
    expectDrawn(missing, 'gear');
    expect(screen.getByRole('img', { name: aGear(1).title })).toHaveAttribute(
      'data-placeholder-kind',
      'gear',
    );
    expectFallbackOnError(show(<GearItem item={aGear(2, { image: BROKEN })} />), 'gear');
  });

  it('gear: the top rated list and a player’s gear', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/gear/top-rated': () => json([aGear(1, { image: BROKEN })]),
      'GET /api/user/u1/gear': () => json([aGear(2, { image: BROKEN })]),
    });
    const top = renderApp(<TopRated />).container;
    await screen.findByText(aGear(1).title);
    expectFallbackOnError(top, 'gear');
    const mine = renderApp(<UserGear userId="u1" />).container;
    await screen.findByText(aGear(2).title);
    expectFallbackOnError(mine, 'gear');
  });
});
