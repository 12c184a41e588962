import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImageUploaderProps } from '@web/components/image-uploader';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { teamId } from '../test-data';
import { ManageGallery } from './manage-gallery';

// Uppy itself is exercised by the browser tests; here a stand-in hands back registered paths.
let uploader: ImageUploaderProps | null = null;
vi.mock('@web/components/image-uploader', () => ({
  useCoarsePointer: () => false,
  ImageUploader: (props: ImageUploaderProps) => {
    uploader = props;
    return props.open ? <div role="dialog" aria-label={props.title} /> : null;
  },
}));

const ID = teamId(1);
const posted = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === `/api/teams/${ID}/gallery` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('team gallery management (issue 20)', () => {
  it("shows the server's refusal of an address under the field, and adds nothing", async () => {
    const message = 'That address is not a reachable image';
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}/gallery`]: () => json([]),
      [`POST /api/teams/${ID}/gallery`]: () => json({ message, errors: { imageUrl: [message] } }, 400),
    });
    renderApp(<ManageGallery teamId={ID} canEdit />);
    await userEvent.type(await screen.findByLabelText('Image URL'), 'https://example.test/page.html');
    await userEvent.click(screen.getByRole('button', { name: 'Add Image' }));
    await waitFor(() => expect(screen.getByLabelText('Image URL')).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText('Image URL')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(fetchMock)).toHaveLength(1);
    expect(await screen.findByText('No images yet')).toBeInTheDocument();
  });

  it('uploads images with the site uploader and adds each with the caption typed', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`GET /api/teams/${ID}/gallery`]: () => json([]),
      [`POST /api/teams/${ID}/gallery`]: () => json({}, 201),
    });
    renderApp(<ManageGallery teamId={ID} canEdit />);
    await userEvent.type(await screen.findByLabelText('Caption'), 'Field day');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByRole('dialog', { name: 'Upload gallery images' })).toBeInTheDocument();
    expect(uploader?.maxNumberOfFiles).toBe(5);
    act(() => {
      uploader?.onUploaded('/objects/images/one.webp');
      uploader?.onUploaded('/objects/images/two.webp');
      uploader?.onOpenChange(false);
    });
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(2));
    expect(posted(fetchMock)).toEqual([
      { imageUrl: '/objects/images/one.webp', caption: 'Field day' },
      { imageUrl: '/objects/images/two.webp', caption: 'Field day' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no form and no uploader to a viewer who may not edit', async () => {
    mockFetch({ ...signedIn(aUser()), [`GET /api/teams/${ID}/gallery`]: () => json([]) });
    renderApp(<ManageGallery teamId={ID} canEdit={false} />);
    expect(await screen.findByText('No images yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Images' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Image URL')).not.toBeInTheDocument();
  });
});
