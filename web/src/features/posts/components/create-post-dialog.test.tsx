import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImageUploaderProps } from '@web/components/image-uploader';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { CreatePostControl } from './create-post-dialog';

// Uppy itself is exercised by the browser tests; here a stand-in hands back registered paths.
let uploader: ImageUploaderProps | null = null;
let coarsePointer = false;
vi.mock('@web/components/image-uploader', () => ({
  useCoarsePointer: () => coarsePointer,
  ImageUploader: (props: ImageUploaderProps) => {
    uploader = props;
    return props.open ? (
      <div data-testid="uploader">
        <span>max {props.maxNumberOfFiles}</span>
        <button
          type="button"
          onClick={() => {
            props.onUploaded('/objects/images/uploaded-1.webp');
            props.onOpenChange(false);
          }}
        >
          Finish upload
        </button>
      </div>
    ) : null;
  },
}));

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/posts' && init?.method === 'POST');

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create Post' }));
  return screen.findByRole('dialog', { name: 'Create New Post' });
}

/** The server's check of a pasted address (POST /api/image-proxy/check): this one passes. */
const CHECK_OK = {
  'POST /api/image-proxy/check': (init: RequestInit) =>
    json({ url: JSON.parse(String(init.body)).url.trim() }),
};

async function addUrl(value: string) {
  const field = screen.getByPlaceholderText('Or paste image URL...');
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
  const add = screen.getByRole('button', { name: 'Add' });
  await userEvent.click(add);
  await waitFor(() => expect(add).not.toHaveAttribute('aria-busy'));
}

describe('Create New Post dialog', { timeout: 40_000 }, () => {
  it('offers visitors a Sign in to post link instead', async () => {
    mockFetch(signedOut());
    renderApp(<CreatePostControl />);
    expect(await screen.findByRole('link', { name: 'Sign in to post' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Create Post' })).not.toBeInTheDocument();
  });

  it('has the caption area, URL field and buttons the spec names', async () => {
    mockFetch({ ...signedIn(aUser()), ...CHECK_OK });
    renderApp(<CreatePostControl />);
    const dialog = await openDialog();
    const caption = within(dialog).getByPlaceholderText('Share your airsoft adventures, loadout, or tips...');
    expect(caption).toHaveAttribute('rows', '4');
    expect(within(dialog).getByRole('button', { name: 'Upload Images' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Post' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses a blank caption with a toast and sends nothing', async () => {
    const fetchMock = mockFetch({ ...signedIn(aUser()), ...CHECK_OK });
    renderApp(<CreatePostControl />);
    await openDialog();
    await userEvent.type(screen.getByRole('textbox', { name: 'Caption' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Caption required')).toBeInTheDocument();
    expect(screen.getByText('Please add a caption to your post')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Create New Post' })).toBeInTheDocument();
  });

  it('adds a pasted URL only when non-blank, new and http(s); Enter adds; images can be removed', async () => {
    mockFetch({ ...signedIn(aUser()), ...CHECK_OK });
    renderApp(<CreatePostControl />);
    await openDialog();
    const images = () => screen.queryAllByRole('img', { name: /^Attachment \d$/ });
    // A pasted outside address is not loaded in the browser (only through the image proxy once
    // posted): its tile names the address and its host.
    const addresses = () => images().map((tile) => tile.getAttribute('data-address'));

    await addUrl('   ');
    expect(images()).toHaveLength(0);

    await addUrl('ftp://example.test/a.png');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter an image URL starting with http:// or https://',
    );
    expect(images()).toHaveLength(0);

    await addUrl('  https://example.test/a.jpg  ');
    expect(addresses()).toEqual(['https://example.test/a.jpg']);
    expect(images()[0]).toHaveTextContent('Attachment 1: image from example.test');
    expect(images()[0].tagName).not.toBe('IMG');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Or paste image URL...')).toHaveValue('');

    await addUrl('https://example.test/a.jpg');
    expect(images()).toHaveLength(1);

    await userEvent.type(
      screen.getByPlaceholderText('Or paste image URL...'),
      'https://example.test/b.jpg{Enter}',
    );
    await waitFor(() =>
      expect(addresses()).toEqual(['https://example.test/a.jpg', 'https://example.test/b.jpg']),
    );
    // Enter in the URL field adds; it does not submit the post.
    expect(screen.queryByText('Caption required')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(addresses()).toEqual(['https://example.test/b.jpg']);
    expect(screen.queryByRole('button', { name: 'Remove image 2' })).not.toBeInTheDocument();
  });

  it('refuses an address the server finds no reachable image, with its reason, and adds no tile', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      'POST /api/image-proxy/check': () =>
        json(
          {
            message: 'That address is not a reachable image',
            errors: { url: ['That address is not a reachable image'] },
          },
          400,
        ),
    });
    renderApp(<CreatePostControl />);
    const dialog = await openDialog();
    await addUrl('https://example.test/page.html');
    expect(await within(dialog).findByText('That address is not a reachable image')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Selected images' })).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Or paste image URL...')).toHaveValue(
      'https://example.test/page.html',
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/image-proxy/check',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ url: 'https://example.test/page.html' }),
      }),
    );
  });

  it('opens the uploader inside the dialog (no second modal), and closes it with the dialog', async () => {
    mockFetch({ ...signedIn(aUser()), ...CHECK_OK });
    renderApp(<CreatePostControl />);
    const dialog = await openDialog();
    const button = within(dialog).getByRole('button', { name: 'Upload Images' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    // In the dialog's own content, the dialog still open around it.
    expect(await within(dialog).findByTestId('uploader')).toBeInTheDocument();
    expect(uploader?.inline).toBe(true);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The same button closes it again.
    await userEvent.click(button);
    expect(within(dialog).queryByTestId('uploader')).not.toBeInTheDocument();
    await userEvent.click(button);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('uploader')).not.toBeInTheDocument();
    // Nothing is left holding the page: no scroll lock, no overlay.
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
    expect(document.body.style.pointerEvents).not.toBe('none');
  });

  it("reads 'Choose photos' on a touch screen", async () => {
    coarsePointer = true;
    try {
      mockFetch({ ...signedIn(aUser()), ...CHECK_OK });
      renderApp(<CreatePostControl />);
      const dialog = await openDialog();
      expect(within(dialog).getByRole('button', { name: 'Choose photos' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Upload Images' })).not.toBeInTheDocument();
    } finally {
      coarsePointer = false;
    }
  });

  it('opens the uploader for the free slots and disables it at 5 images', async () => {
    mockFetch({ ...signedIn(aUser()), ...CHECK_OK });
    renderApp(<CreatePostControl />);
    await openDialog();
    await addUrl('https://example.test/1.jpg');
    await addUrl('https://example.test/2.jpg');

    await userEvent.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByTestId('uploader')).toHaveTextContent('max 3');
    await userEvent.click(screen.getByRole('button', { name: 'Finish upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Post' });
    expect(within(dialog).getByRole('img', { name: 'Attachment 3' })).toHaveAttribute(
      'src',
      '/objects/images/uploaded-1.webp',
    );

    await addUrl('https://example.test/4.jpg');
    expect(screen.getByRole('button', { name: 'Upload Images' })).toBeEnabled();
    await addUrl('https://example.test/5.jpg');
    expect(screen.getByRole('button', { name: 'Upload Images' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('holds Post back while an upload closed early is still being registered, then posts its image', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      ...CHECK_OK,
      'POST /api/posts': () => json({}, 201),
    });
    renderApp(<CreatePostControl />);
    await openDialog();
    await userEvent.type(screen.getByPlaceholderText(/Share your airsoft adventures/), 'Fresh patches');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Images' }));
    await screen.findByTestId('uploader');
    act(() => {
      uploader?.onBusyChange?.(true);
      uploader?.onOpenChange(false);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create New Post' });
    expect(within(dialog).getByText('Finishing image uploads...')).toBeInTheDocument();
    const post = within(dialog).getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    await userEvent.click(post);
    expect(posts(fetchMock)).toHaveLength(0);

    act(() => {
      uploader?.onUploaded('/objects/images/late.webp');
      uploader?.onBusyChange?.(false);
    });
    expect(post).toBeEnabled();
    await userEvent.click(post);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(posts(fetchMock)[0][1]?.body as string)).toEqual({
      caption: 'Fresh patches',
      images: ['/objects/images/late.webp'],
    });
  });

  it('posts {caption, images}, reads Posting... meanwhile, then toasts, clears, closes and refreshes the feed', async () => {
    let answer: (res: Response) => void = () => {};
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      ...CHECK_OK,
      'POST /api/posts': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { client } = renderApp(<CreatePostControl />);
    client.setQueryData(['/api/posts/feed'], []);
    await openDialog();
    await userEvent.type(screen.getByRole('textbox', { name: 'Caption' }), '  Sunday game at the quarry  ');
    await addUrl('https://example.test/a.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Images' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish upload' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Post' }));

    const pending = await screen.findByRole('button', { name: 'Posting...' });
    expect(pending).toBeDisabled();
    expect(posts(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(posts(fetchMock)[0][1]?.body))).toEqual({
      caption: 'Sunday game at the quarry',
      images: ['https://example.test/a.jpg', '/objects/images/uploaded-1.webp'],
    });

    answer(json({ id: 'p1' }, 201));
    expect(await screen.findByText('Post created')).toBeInTheDocument();
    expect(screen.getByText('Your post has been shared with the community')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create New Post' })).not.toBeInTheDocument(),
    );
    expect(client.getQueryState(['/api/posts/feed'])?.isInvalidated).toBe(true);

    await openDialog();
    expect(screen.getByRole('textbox', { name: 'Caption' })).toHaveValue('');
    expect(screen.getByPlaceholderText('Or paste image URL...')).toHaveValue('');
    expect(screen.queryAllByRole('img', { name: /^Attachment \d$/ })).toHaveLength(0);
  });

  it("shows the server's message on failure and keeps the draft open", async () => {
    mockFetch({
      ...signedIn(aUser()),
      ...CHECK_OK,
      'POST /api/posts': () =>
        json({ message: 'Your text contains a blocked word. Please rephrase it.' }, 400),
    });
    renderApp(<CreatePostControl />);
    await openDialog();
    await userEvent.type(screen.getByRole('textbox', { name: 'Caption' }), 'a rude word');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('Your text contains a blocked word. Please rephrase it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Caption' })).toHaveValue('a rude word');
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it('falls back to Failed to create post without a server message', async () => {
    mockFetch({
      ...signedIn(aUser()),
      ...CHECK_OK,
      'POST /api/posts': () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    renderApp(<CreatePostControl />);
    await openDialog();
    await userEvent.type(screen.getByRole('textbox', { name: 'Caption' }), 'Loadout check');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Failed to create post')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
