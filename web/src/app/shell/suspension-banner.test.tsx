import { screen } from '@testing-library/react';
import { aUser, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { SuspensionBanner } from './suspension-banner';

describe('SuspensionBanner', () => {
  it('tells a suspended player why and until when', async () => {
    mockFetch(signedIn(aUser({ suspendedUntil: '2026-12-03T14:00:00.000Z', suspensionReason: 'Insults' })));
    renderApp(<SuspensionBanner />);
    expect(
      await screen.findByText(
        'Your account is suspended until 2026-12-03 14:00 UTC: Insults. You can still read and sign out.',
      ),
    ).toBeInTheDocument();
  });

  it('says until an admin lifts it, and shows nothing to others', async () => {
    mockFetch(signedIn(aUser({ suspendedUntil: 'indefinite', suspensionReason: null })));
    const { unmount } = renderApp(<SuspensionBanner />);
    expect(
      await screen.findByText(/Your account is suspended until an admin lifts it\. You can still read/),
    ).toBeInTheDocument();
    unmount();
    mockFetch(signedIn(aUser()));
    renderApp(<SuspensionBanner />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
