import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { aPost } from '../test-data';
import { MentionText } from './mention-text';
import { PostCard } from './post-card';

describe('MentionText', () => {
  it("links each @username to the player's profile and leaves the rest as text", () => {
    const { container } = renderApp(
      <p data-testid="text">
        <MentionText text={'gg @Alex_99. Mail me at sam@example.com\nsee you @kim.lee!'} />
      </p>,
    );
    const text = screen.getByTestId('text');
    expect(text).toHaveTextContent('gg @Alex_99. Mail me at sam@example.com see you @kim.lee!', {
      normalizeWhitespace: true,
    });
    const links = within(text).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['@Alex_99', '/profile/Alex_99'],
      ['@kim.lee', '/profile/kim.lee'],
    ]);
    expect(container.textContent).toContain('sam@example.com');
  });

  it('opens the profile when a mention is followed', async () => {
    renderApp(<MentionText text="thanks @rita" />);
    await userEvent.click(screen.getByRole('link', { name: '@rita' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/rita');
  });

  it('shows markup in the text as text, never as elements', () => {
    const { container } = renderApp(
      <MentionText text={'<img src=x onerror="alert(1)"> <a href="/x">@evil</a>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/profile/evil']);
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it("is how a post card shows its caption's mentions", async () => {
    mockFetch(signedOut());
    renderApp(<PostCard post={aPost({ caption: 'Great game @viper_actual' })} />);
    const article = await screen.findByRole('article', { name: 'Post by recon_rita' });
    expect(within(article).getByRole('link', { name: '@viper_actual' })).toHaveAttribute(
      'href',
      '/profile/viper_actual',
    );
  });
});
