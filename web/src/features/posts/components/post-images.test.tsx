import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { aPost, postId } from '../test-data';
import { FeedSection } from './feed-section';
import { PostCard } from './post-card';

const PHOTO = '/objects/images/photo.webp';
const OUTSIDE = 'https://images.example.com/field.jpg';
/** A real thumbhash (of a 4x2 orange image), as the server stores it. */
const HASH = btoa(
  String.fromCharCode(
    ...rgbaToThumbHash(
      4,
      2,
      new Uint8Array(4 * 2 * 4).fill(200).map((v, i) => (i % 4 === 2 ? 40 : v)),
    ),
  ),
);
const media = {
  [PHOTO]: {
    src: PHOTO,
    srcset: `/objects/images/photo-w320.webp 320w, /objects/images/photo-w640.webp 640w, ${PHOTO} 1200w`,
    width: 1200,
    height: 900,
    placeholder: HASH,
  },
  [OUTSIDE]: { src: '/api/image-proxy?url=field&sig=s' },
};

const grid = async () => within(await screen.findByRole('article')).getByTestId('post-images');

describe('post images', () => {
  it('an own image carries srcset, sizes, width and height, and paints its placeholder until it loads', async () => {
    mockFetch(signedOut());
    renderApp(<PostCard post={aPost({ images: [PHOTO], media })} />);
    const img = (await grid()).querySelector('img')!;
    expect(img).toHaveAttribute('src', PHOTO);
    expect(img).toHaveAttribute('srcset', media[PHOTO].srcset);
    expect(img.getAttribute('sizes')).toMatch(/100vw$/);
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img.style.backgroundImage).toMatch(/^url\("data:image\/png;base64,/);
    fireEvent.load(img);
    await waitFor(() => expect(img.style.backgroundImage).toBe(''));
  });

  it('an outside image shows through the proxy without srcset or size, as before', async () => {
    mockFetch(signedOut());
    renderApp(<PostCard post={aPost({ images: [OUTSIDE, PHOTO], media })} />);
    const [outside, own] = (await grid()).querySelectorAll('img');
    expect(outside).toHaveAttribute('src', '/api/image-proxy?url=field&sig=s');
    expect(outside).not.toHaveAttribute('srcset');
    expect(outside).not.toHaveAttribute('width');
    // Two columns: each image is half the column wide.
    expect(own.getAttribute('sizes')).toMatch(/50vw$/);
  });

  it('the feed fetches its first image at once with high priority, and every other image lazily', async () => {
    mockFetch({
      ...signedOut(),
      'GET /api/posts/feed': () =>
        json([
          aPost({ id: postId(1), caption: 'no images' }),
          aPost({ id: postId(2), images: [PHOTO, PHOTO], media }),
          aPost({ id: postId(3), images: [PHOTO], media }),
        ]),
    });
    renderApp(<FeedSection />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="post-images"] img')];
    expect(imgs).toHaveLength(3);
    expect(imgs[0]).toHaveAttribute('fetchpriority', 'high');
    expect(imgs[0]).toHaveAttribute('loading', 'eager');
    for (const img of imgs.slice(1)) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
  });
});
