import { GEAR_CATEGORIES, GEAR_LIMITS, GEAR_TEXTS, type GearBody, type GearBodyInput } from '@contract/gear';
import { ImageUploader } from '@web/components/image-uploader';
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
import { fieldWiring, Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { lazyZodResolver, onServerFieldErrors } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { ImagePlus, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateGear } from '../api/gear-mutations';

const T = GEAR_TEXTS;
const resolver = lazyZodResolver<GearBodyInput, GearBody>(
  async () => (await import('@contract/gear')).gearBody,
);
const EMPTY: GearBodyInput = { title: '', description: '', image: '', category: GEAR_CATEGORIES[0] };
const FIELDS = ['title', 'description', 'image', 'category'] as const;

/**
 * The floating upload button and the 'Upload Your Gear' dialog (SPEC §2, §5): the image through
 * the upload flow (required: 'Please upload an image'), title, description and category. The
 * dialog steps aside while the uploader (a modal of its own) is shown.
 */
export function UploadGear() {
  const [open, setOpen] = useState(false);
  const [uploaderOpen, setUploaderOpen] = useState(false);
  const [imageBusy, setImageBusy] = useState(false);
  const form = useForm<GearBodyInput, unknown, GearBody>({ resolver, defaultValues: EMPTY });
  const create = useCreateGear();
  const ids = useId();
  const image = form.watch('image');
  const { field, error } = fieldWiring<(typeof FIELDS)[number]>(ids, form.formState.errors);

  const onValid = (body: GearBody) =>
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: T.posted });
        form.reset(EMPTY);
        setOpen(false);
      },
      onError: onServerFieldErrors(form.setError, FIELDS),
    });

  return (
    <>
      {/* Below md the mobile bar (h-16 and its 1px border, above the safe area) holds the bottom: the
          button floats 1rem above it. */}
      <Button
        onClick={() => setOpen(true)}
        aria-label={T.uploadButton}
        className="fixed right-4 bottom-[calc(5rem+1px+env(safe-area-inset-bottom))] z-40 size-14 rounded-full shadow-lg md:right-8 md:bottom-8"
      >
        <Upload className="size-6" aria-hidden="true" />
      </Button>
      <Dialog open={open && !uploaderOpen} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{T.uploadTitle}</DialogTitle>
            <DialogDescription>{T.uploadDescription}</DialogDescription>
          </DialogHeader>
          <form
            noValidate
            className="grid min-w-0 gap-4"
            onSubmit={(event) => {
              if (create.isPending || imageBusy) event.preventDefault();
              else void form.handleSubmit(onValid)(event);
            }}
          >
            <div className="grid gap-2">
              <span className="text-sm font-medium" id={`${ids}-image-label`}>
                {T.image}
              </span>
              {image ? (
                <img
                  src={image}
                  alt={T.image}
                  className="aspect-[4/3] w-full rounded-md border border-border bg-muted object-cover"
                />
              ) : null}
              <Button
                type="button"
                variant="outline"
                onClick={() => setUploaderOpen(true)}
                aria-describedby={field('image')['aria-describedby']}
                aria-invalid={field('image')['aria-invalid']}
                disabled={imageBusy}
              >
                <ImagePlus aria-hidden="true" />
                {image ? T.changeImage : T.uploadImage}
              </Button>
              {error('image')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-title`}>{T.title}</Label>
              <Input {...field('title')} maxLength={GEAR_LIMITS.title} {...form.register('title')} />
              {error('title')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-description`}>{T.description}</Label>
              <Textarea
                {...field('description')}
                rows={3}
                maxLength={GEAR_LIMITS.description}
                {...form.register('description')}
              />
              {error('description')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-category`}>{T.category}</Label>
              <select
                {...field('category')}
                {...form.register('category')}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {GEAR_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              {error('category')}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {T.cancel}
              </Button>
              <Button type="submit" disabled={create.isPending || imageBusy}>
                {create.isPending ? T.posting : T.post}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <ImageUploader
        open={uploaderOpen}
        onOpenChange={setUploaderOpen}
        maxNumberOfFiles={1}
        onUploaded={(objectPath) => {
          form.setValue('image', objectPath);
          form.clearErrors('image');
        }}
        onBusyChange={setImageBusy}
        uploadErrorTitle={T.postFailed}
        note="One image, 25 MB at most"
      />
    </>
  );
}
