import type { APIRequestContext, Route } from '@playwright/test';
import sharp from 'sharp';
import { expect, registerByApi, test } from './fixtures';

/** Posts a 1600x1000 photo as a new player, so the newest card of the feed has an image of its own. */
async function postLargeImage(request: APIRequestContext) {
  await registerByApi(request);
  const buffer = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 60, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  const { uploadURL } = await (await request.post('/api/objects/upload')).json();
  expect(
    (await request.put(uploadURL, { data: buffer, headers: { 'Content-Type': 'image/png' } })).ok(),
  ).toBe(true);
  const registered = await request.put('/api/post-images', { data: { imageURL: uploadURL } });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { objectPath } = await registered.json();
  const post = await request.post('/api/posts', {
    data: { caption: 'Field photo at full size', images: [objectPath] },
  });
  expect(post.ok(), await post.text()).toBe(true);
}

/** Holds every request for a stored image until `release()`, so the page can be seen before images arrive. */
async function holdImages(page: import('@playwright/test').Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/objects/images/**', (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

test('feed images keep their shape and paint a placeholder before loading, then load a fitting copy', async ({
  page,
}) => {
  // The newest post is this test's own, whatever earlier tests posted.
  await postLargeImage(page.request);
  const images = await holdImages(page);
  // The page comes rendered with its first cards (decision 020): their held images would keep the
  // load event from firing, so the test goes on once the document is parsed.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const first = page.getByTestId('post-images').first().locator('img').first();
  await expect(first).toBeVisible();

  // Before any byte: the size, the copies and the placeholder come with the answer.
  await expect(first).toHaveAttribute('srcset', /-w320\.webp 320w, .+-w640\.webp 640w/);
  await expect(first).toHaveAttribute('sizes', /vw/);
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  const width = Number(await first.getAttribute('width'));
  const height = Number(await first.getAttribute('height'));
  expect(width).toBeGreaterThan(0);
  expect(height).toBeGreaterThan(0);
  expect(await first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
  expect(await first.evaluate((img) => img.style.backgroundImage)).toMatch(/^url\("data:image\/png;base64,/);
  const box = await first.boundingBox();
  expect(box!.height).toBeGreaterThan(50);
  // Images further down wait for the scroll.
  const lazy = page.getByTestId('post-images').nth(3).locator('img').first();
  await expect(lazy).toHaveAttribute('loading', 'lazy');
  expect(images.count()).toBeGreaterThan(0);

  await images.release();
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // The loaded image took exactly the box it was given: no layout shift.
  const after = await first.boundingBox();
  expect(after!.height).toBeCloseTo(box!.height, 0);
  expect(after!.y).toBeCloseTo(box!.y, 0);
  await expect.poll(() => first.evaluate((img) => img.style.backgroundImage)).toBe('');
  // The browser chose one of the listed copies for a column at most 52rem wide.
  const chosen = await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
  expect(chosen).toMatch(/^\/objects\/images\/.+-w(320|640|1080)\.webp$/);
  const res = await page.request.get(chosen);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a profile banner loads with high priority from its copies', async ({ page }) => {
  await page.goto('/profile/ghost_recon_mike');
  const banner = page.getByRole('region', { name: 'Profile' }).locator('img').first();
  await expect(banner).toHaveAttribute('fetchpriority', 'high');
  await expect(banner).toHaveAttribute('srcset', /demo-cover-ghost_recon_mike-w640\.webp 640w/);
  await expect(banner).toHaveAttribute('width', '1200');
  await expect(banner).toHaveAttribute('height', '400');
});
