import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImageUploaderProps } from '@web/components/image-uploader';
import { json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aGear } from '../test-data';
import { GearTabs } from './gear-page';
import { UserGear } from './user-gear';

// Uppy itself is exercised by the browser tests; here a stand-in hands back a registered path.
vi.mock('@web/components/image-uploader', () => ({
  ImageUploader: (props: ImageUploaderProps) =>
    props.open ? (
      <button
        type="button"
        onClick={() => {
          props.onUploaded('/objects/images/uploaded-1.webp');
          props.onOpenChange(false);
        }}
      >
        Finish upload
      </button>
    ) : null,
}));

afterEach(() => vi.unstubAllGlobals());

const TOP = [
  aGear(1, { title: 'Fifty 4.8s', averageRating: 4.8, totalRatings: 50, weightedRating: 4.78 }),
  aGear(2, { title: 'One five', averageRating: 5, totalRatings: 1, weightedRating: 4.6, category: 'Pistol' }),
];

describe('/gear tabs', () => {
  it('shows Top Rated by weighted rating, says so, with the average to one decimal and a category filter', async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/gear/to-rate': () => json([]),
      'GET /api/gear/top-rated': ({ url }) => {
        const category = new URL(url, 'http://localhost').searchParams.get('category');
        return json(category ? TOP.filter((g) => g.category === category) : TOP);
      },
    });
    renderApp(<GearTabs />);
    expect(screen.getByRole('tab', { name: 'Rate Gear' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Top Rated' }));
    const list = await screen.findByRole('list', { name: 'Top Rated' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Fifty 4.8s', 'One five']);
    expect(within(list).getByText('4.8')).toBeInTheDocument();
    expect(within(list).getByText('5.0')).toBeInTheDocument();
    expect(within(list).getByText('(50 ratings)')).toBeInTheDocument();
    expect(screen.getByText(/Weighted by the number of ratings/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Pistol');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Top Rated' })).getAllByRole('heading')).toHaveLength(1),
    );
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('category=Pistol'))).toBe(true);
  });

  it("uploads gear: 'Please upload an image' without one, then posts title, description, category and the image", async () => {
    const fetchMock = mockFetch({
      ...signedIn(),
      'GET /api/gear/to-rate': () => json([]),
      'POST /api/gear': () => json(aGear(9), 201),
    });
    renderApp(<GearTabs />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload gear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Your Gear' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Plate carrier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Gear' }));
    expect(await within(dialog).findByText('Please upload an image')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish upload' }));
    const again = await screen.findByRole('dialog', { name: 'Upload Your Gear' });
    await userEvent.type(within(again).getByLabelText('Description'), 'Light and cool');
    await userEvent.selectOptions(within(again).getByLabelText('Category'), 'Tactical Vest');
    await userEvent.click(within(again).getByRole('button', { name: 'Post Gear' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      title: 'Plate carrier',
      description: 'Light and cool',
      image: '/objects/images/uploaded-1.webp',
      category: 'Tactical Vest',
    });
    expect(await screen.findByText('Gear posted')).toBeInTheDocument();
  });

  it("says 'Failed to post gear' when the upload is refused", async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/gear/to-rate': () => json([]),
      'POST /api/gear': () =>
        json({ message: 'Please upload an image', errors: { image: ['Please upload an image'] } }, 400),
    });
    renderApp(<GearTabs />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload gear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Your Gear' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish upload' }));
    const again = await screen.findByRole('dialog', { name: 'Upload Your Gear' });
    await userEvent.type(within(again).getByLabelText('Title'), 'Helmet');
    await userEvent.click(within(again).getByRole('button', { name: 'Post Gear' }));
    expect(await screen.findByText('Failed to post gear')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Upload Your Gear' })).toBeInTheDocument();
  });
});

describe('UserGear', () => {
  it("lists a player's gear with the average to one decimal, or says there is none", async () => {
    mockFetch({
      ...signedIn(),
      'GET /api/user/u1/gear': () =>
        json([aGear(1, { title: 'M4', averageRating: 3.66, totalRatings: 3 }), aGear(2)]),
      'GET /api/user/u2/gear': () => json([]),
    });
    renderApp(<UserGear userId="u1" />);
    const list = await screen.findByRole('list', { name: 'Gear' });
    expect(within(list).getByText('M4')).toBeInTheDocument();
    expect(within(list).getByText('Rifle · 3.7 (3 ratings)')).toBeInTheDocument();
    expect(within(list).getByText('Rifle · No ratings yet')).toBeInTheDocument();
    renderApp(<UserGear userId="u2" />);
    expect(await screen.findByText('No gear yet')).toBeInTheDocument();
  });
});
