import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './index';

describe('Markdown', () => {
  it('renders GFM: headings, lists, tables, strikethrough, task lists', async () => {
    const { container } = render(
      <Markdown>
        {
          '## Loadout\n\n- **plate carrier**\n- ~~old vest~~\n\n| item | fps |\n| --- | --- |\n| M4 | 350 |\n\n- [x] chrono'
        }
      </Markdown>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Loadout' })).toBeInTheDocument();
    expect(screen.getByText('plate carrier').tagName).toBe('STRONG');
    expect(screen.getByText('old vest').tagName).toBe('DEL');
    expect(screen.getByRole('table')).toHaveTextContent('M4350');
    expect(container.querySelector('input[type="checkbox"]')).toBeChecked();
  });

  it('opens links in a new tab with rel nofollow noopener noreferrer, and empties javascript: links', async () => {
    render(<Markdown>{'[rules](https://example.com/rules) and [bad](javascript:alert(1))'}</Markdown>);
    const link = await screen.findByRole('link', { name: 'rules' });
    expect(link).toHaveAttribute('href', 'https://example.com/rules');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer');
    expect(screen.getByText('bad').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('never renders raw HTML', async () => {
    const { container } = render(
      <Markdown>
        {'Hello <script>alert(1)</script> <img src=x onerror="alert(1)"> <b>bold</b>\n\n<div>block</div>'}
      </Markdown>,
    );
    expect(await screen.findByText(/Hello/)).toBeInTheDocument();
    expect(container.querySelector('script, b, img')).toBeNull();
    expect(container.firstElementChild?.querySelector('div')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror/);
  });

  it('shows own images and turns outside ones into links', async () => {
    const { container } = render(
      <Markdown>{'![own](/objects/images/a.webp) ![tracker](https://tracker.example/p.png)'}</Markdown>,
    );
    expect(await screen.findByRole('img', { name: 'own' })).toHaveAttribute('src', '/objects/images/a.webp');
    expect(container.querySelector('img[src^="https:"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'tracker' })).toHaveAttribute(
      'href',
      'https://tracker.example/p.png',
    );
  });

  it('neither loads nor links a path that leaves /objects/ (issue 24)', async () => {
    const { container } = render(
      <Markdown>
        {
          '![up](/objects/../api/logout) ![enc](/objects/%2e%2e/api/user) ![other](/api/user) ![ok](/objects/images/b.webp)'
        }
      </Markdown>,
    );
    expect(await screen.findByRole('img', { name: 'ok' })).toHaveAttribute('src', '/objects/images/b.webp');
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.querySelector('a[href*="/api/"]')).toBeNull();
    expect(container.innerHTML).not.toContain('/api/');
    expect(screen.getByText(/up/)).toBeInTheDocument();
  });
});
