import {
  CAPTION_MAX,
  CREATE_POST_TEXTS,
  type CreatePostForm,
  MAX_POST_IMAGES,
  POST_TEXTS,
} from '@contract/posts';
import { IMAGE_CHECK_TEXTS, type ImageCheckAnswer, UPLOAD_TEXTS } from '@contract/uploads';
import { ImageUploader, useCoarsePointer } from '@web/components/image-uploader';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { apiRequest, errorText } from '@web/lib/api';
import { useUser } from '@web/lib/auth';
import { lazyZodResolver } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { ImageOff, ImagePlus, Link2, LoaderCircle, LogIn, Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useCreatePost } from '../api/create-post';
import { useComposeRequests } from '../compose-request';
import { PostEventPicker } from './post-event-picker';

const T = CREATE_POST_TEXTS;

/** The contract's form schema (and zod) load with the first submit, not with the dialog. */
const resolver = lazyZodResolver(async () => (await import('@contract/posts')).createPostForm);
const EMPTY: CreatePostForm = { caption: '', images: [], url: '', eventId: null };

const isHttpUrl = (value: string) => {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/** POST /api/image-proxy/check: the address when it answers with an image, else a 400 saying why. */
const checkImageAddress = (url: string) =>
  apiRequest<ImageCheckAnswer>('POST', '/api/image-proxy/check', { url });

/**
 * The post-creation control next to the feed heading: a Create Post button opening the
 * Create New Post dialog, or a sign-in link for visitors.
 */
export function CreatePostControl() {
  const { user, isLoading } = useUser();
  if (isLoading) return null;
  if (!user) {
    return (
      <Button asChild variant="outline">
        <Link to="/auth">
          <LogIn aria-hidden="true" />
          {T.signInToPost}
        </Link>
      </Button>
    );
  }
  return <CreatePostDialog />;
}

/**
 * SPEC §2 Create Post dialog. The uploader opens inside it, under the image buttons (issue 20: no
 * second modal on top); its button reads 'Choose photos' on touch screens.
 */
export function CreatePostDialog() {
  const [open, setOpenState] = useState(false);
  const coarse = useCoarsePointer();
  // The phone's bottom bar opens it too (its Create tab, issue 20).
  useComposeRequests(() => setOpenState(true));
  const [uploaderOpen, setUploaderOpen] = useState(false);
  const [uploadSlots, setUploadSlots] = useState(MAX_POST_IMAGES);
  const form = useForm<CreatePostForm>({ resolver, defaultValues: EMPTY });
  const images = form.watch('images') ?? [];
  const urlError = form.formState.errors.url?.message ?? null;
  // An upload or its registration still runs: posting now would leave its image out of the post.
  const [imagesBusy, setImagesBusy] = useState(false);
  const create = useCreatePost();
  const ids = useId();
  const remaining = MAX_POST_IMAGES - images.length;
  const full = remaining <= 0;

  const setOpen = (next: boolean) => {
    setOpenState(next);
    if (!next) setUploaderOpen(false);
  };
  const setImages = (next: string[]) => form.setValue('images', next);
  const clearUrl = () => {
    form.setValue('url', '');
    form.clearErrors('url');
  };

  // The server fetches a pasted address through the image proxy before it becomes a tile: one
  // that is no reachable image is refused here, with its reason (issue 20).
  const [checking, setChecking] = useState(false);
  const addUrl = async () => {
    const value = form.getValues('url').trim();
    if (!value || checking) return;
    if (images.includes(value)) {
      clearUrl();
      return;
    }
    if (!isHttpUrl(value)) {
      form.setError('url', { type: 'format', message: T.invalidUrl });
      return;
    }
    if (full) return;
    setChecking(true);
    try {
      const { url } = await checkImageAddress(value);
      const current = form.getValues('images') ?? [];
      if (!current.includes(url) && current.length < MAX_POST_IMAGES) setImages([...current, url]);
      clearUrl();
    } catch (error) {
      form.setError('url', { type: 'server', message: errorText(error, IMAGE_CHECK_TEXTS.notReachable) });
    } finally {
      setChecking(false);
    }
  };

  const onUrlKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void addUrl();
  };

  const addUploaded = (objectPath: string) => {
    const current = form.getValues('images') ?? [];
    if (!current.includes(objectPath) && current.length < MAX_POST_IMAGES)
      setImages([...current, objectPath]);
  };

  const toggleUploader = () => {
    if (uploaderOpen) {
      setUploaderOpen(false);
      return;
    }
    setUploadSlots(remaining);
    setUploaderOpen(true);
  };

  // SPEC §5: a blank caption (after trimming) is refused with a toast, not sent.
  const onInvalid = (errors: FieldErrors<CreatePostForm>) => {
    const message = errors.caption?.message;
    if (!message) return;
    toast({
      variant: 'destructive',
      title: message === POST_TEXTS.captionRequired ? POST_TEXTS.captionRequiredTitle : T.errorTitle,
      description: message,
    });
  };

  const onValid = ({ caption, images = [], eventId }: CreatePostForm) =>
    create.mutate(
      { caption, images, ...(eventId ? { eventId } : {}) },
      {
        onSuccess: () => {
          toast({ title: T.postCreated, description: T.postCreatedDescription });
          form.reset(EMPTY);
          setOpen(false);
        },
      },
    );

  const submit = form.handleSubmit(onValid, onInvalid);

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {T.createPost}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{T.title}</DialogTitle>
            <DialogDescription>
              Add a caption and up to {MAX_POST_IMAGES} images: upload them or paste their addresses.
            </DialogDescription>
          </DialogHeader>
          <form
            onSubmit={(event) => {
              if (create.isPending || imagesBusy) event.preventDefault();
              else void submit(event);
            }}
            className="grid min-w-0 gap-4"
            noValidate
          >
            <div className="grid gap-2">
              <label htmlFor={`${ids}-caption`} className="sr-only">
                Caption
              </label>
              <Textarea
                id={`${ids}-caption`}
                rows={4}
                maxLength={CAPTION_MAX}
                {...form.register('caption')}
                placeholder={T.captionPlaceholder}
                className="resize-y"
              />
            </div>

            <div className="grid gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Button
                  type="button"
                  variant="outline"
                  className="min-h-11"
                  onClick={toggleUploader}
                  disabled={full && !uploaderOpen}
                  aria-expanded={uploaderOpen}
                  aria-controls={uploaderOpen ? `${ids}-uploader` : undefined}
                >
                  <ImagePlus aria-hidden="true" />
                  {coarse ? UPLOAD_TEXTS.choosePhotos : T.uploadImages}
                </Button>
                <span className="text-xs text-muted-foreground" aria-live="polite">
                  {imagesBusy ? T.finishingUploads : `${images.length}/${MAX_POST_IMAGES} images`}
                </span>
              </div>
              <div className="flex gap-2">
                <div className="relative min-w-0 flex-1">
                  <Link2
                    aria-hidden="true"
                    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  />
                  <Input
                    type="url"
                    inputMode="url"
                    aria-label="Image URL"
                    aria-invalid={urlError ? true : undefined}
                    aria-describedby={urlError ? `${ids}-url-error` : undefined}
                    placeholder={T.urlPlaceholder}
                    disabled={full}
                    {...form.register('url', {
                      onChange: () => {
                        if (urlError) form.clearErrors('url');
                      },
                    })}
                    onKeyDown={onUrlKeyDown}
                    className="pl-9"
                  />
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => void addUrl()}
                  disabled={full || checking}
                  aria-busy={checking || undefined}
                >
                  {checking ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  Add
                </Button>
              </div>
              <FieldError id={`${ids}-url-error`}>{urlError}</FieldError>
            </div>

            <div id={`${ids}-uploader`}>
              <ImageUploader
                key={uploadSlots}
                inline
                title={coarse ? UPLOAD_TEXTS.choosePhotos : T.uploadImages}
                open={uploaderOpen}
                onOpenChange={setUploaderOpen}
                maxNumberOfFiles={uploadSlots}
                onUploaded={addUploaded}
                onBusyChange={setImagesBusy}
                note={`Images only, up to ${uploadSlots} ${uploadSlots === 1 ? 'file' : 'files'}, 25 MB each`}
              />
            </div>

            {images.length > 0 ? (
              <ul className="grid grid-cols-3 gap-2" aria-label="Selected images">
                {images.map((src, i) => (
                  <li
                    key={src}
                    className="relative aspect-square overflow-hidden rounded-md border border-border"
                  >
                    <PreviewImage src={src} alt={`Attachment ${i + 1}`} />
                    <button
                      type="button"
                      aria-label={`Remove image ${i + 1}`}
                      onClick={() => setImages(images.filter((other) => other !== src))}
                      className="absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-full bg-black/70 text-white outline-none transition-colors hover:bg-destructive focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}

            <PostEventPicker
              value={form.watch('eventId') ?? ''}
              onChange={(id) => form.setValue('eventId', id || null)}
            />

            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending || imagesBusy}>
                {create.isPending ? T.posting : T.post}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * An uploaded image previews as itself. A pasted outside address is not loaded here: browsers
 * reach outside images only through the server's signed proxy, which the post's answer provides
 * once it is shared, so the tile names the address's host instead.
 */
function PreviewImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const outside = !src.startsWith('/objects/');
  if (failed || outside) {
    let host = '';
    try {
      host = new URL(src).host;
    } catch {
      host = '';
    }
    return (
      <div
        role="img"
        aria-label={alt}
        data-address={src}
        className="flex size-full flex-col items-center justify-center gap-1 bg-muted p-2 text-center text-xs text-muted-foreground"
      >
        <ImageOff className="size-5" aria-hidden="true" />
        <span className="break-all">
          {outside && !failed
            ? `${alt}: image from ${host || 'an outside address'}`
            : `${alt} could not be loaded`}
        </span>
      </div>
    );
  }
  return (
    <img src={src} alt={alt} className="size-full bg-muted object-cover" onError={() => setFailed(true)} />
  );
}
