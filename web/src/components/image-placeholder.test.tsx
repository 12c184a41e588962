import { EVENT_TYPES } from '@contract/events';
import { fireEvent, render, screen } from '@testing-library/react';
import { RemoteImage } from '@web/components/ui/remote-image';
import { describe, expect, it } from 'vitest';
import { ImagePlaceholder, type PlaceholderKind, placeholderName } from './image-placeholder';

const KINDS: PlaceholderKind[] = [
  ...EVENT_TYPES,
  'news',
  'tutorial',
  'team-logo',
  'team-banner',
  'gear',
  'image',
];

describe('ImagePlaceholder', () => {
  it('draws every kind (each event type too) as an icon, never an <img>', () => {
    for (const kind of KINDS) {
      const { container, unmount } = render(<ImagePlaceholder kind={kind} className="aspect-video w-full" />);
      const box = container.querySelector(`[data-placeholder-kind="${kind}"]`);
      expect(box, kind).not.toBeNull();
      expect(box).toHaveClass('aspect-video', 'w-full', 'bg-gradient-to-br');
      expect(box?.querySelector('svg')).not.toBeNull();
      expect(container.querySelector('img')).toBeNull();
      unmount();
    }
  });

  it('is decorative without alt text, and names itself with one', () => {
    const { container } = render(<ImagePlaceholder kind="Milsim" />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    render(<ImagePlaceholder kind="gear" alt="HPA Speedsoft M4" />);
    expect(screen.getByRole('img', { name: 'HPA Speedsoft M4' })).toHaveAttribute(
      'data-placeholder-kind',
      'gear',
    );
  });

  it("says 'Image unavailable' for the generic kind, as the image box always did", () => {
    render(<ImagePlaceholder />);
    expect(screen.getByRole('img', { name: 'Image unavailable' })).toHaveAttribute(
      'data-placeholder-kind',
      'image',
    );
    expect(placeholderName('Training')).toBe('Training event');
  });
});

describe('RemoteImage fallback', () => {
  it('draws the fallback kind in the image box when there is no address', () => {
    const { container } = render(
      <RemoteImage address={null} alt="" fallback="tutorial" className="aspect-video w-full rounded-md" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-placeholder-kind="tutorial"]')).toHaveClass(
      'aspect-video',
      'w-full',
      'rounded-md',
    );
  });

  it('draws it too for an outside address with no proxy entry (nothing a browser may load)', () => {
    const { container } = render(
      <RemoteImage address="https://elsewhere.example/a.jpg" alt="" fallback="news" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-placeholder-kind="news"]')).not.toBeNull();
  });

  it('replaces an image that fails to load (onError) with the drawing, and shows a new address again', () => {
    const { container, rerender } = render(
      <RemoteImage address="/objects/images/missing.webp" alt="" fallback="gear" className="size-12" />,
    );
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/objects/images/missing.webp');
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-placeholder-kind="gear"]')).toHaveClass('size-12');

    rerender(<RemoteImage address="/objects/images/other.webp" alt="" fallback="gear" className="size-12" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/objects/images/other.webp');
  });

  it('keeps the generic drawing when no kind is given', () => {
    render(<RemoteImage address={null} alt="" />);
    expect(screen.getByRole('img', { name: 'Image unavailable' })).toBeInTheDocument();
  });
});
