import { TEAM_TEXTS } from '@contract/teams';
import { UPLOAD_TEXTS } from '@contract/uploads';
import { ImageUploader, useCoarsePointer } from '@web/components/image-uploader';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { ConfirmDialog } from '@web/components/ui/lazy-confirm-dialog';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useAddGalleryImage, useDeleteGalleryImage } from '../api/gallery';
import { useTeamGallery } from '../api/get-team';

const T = TEAM_TEXTS;

/**
 * The Gallery tab: add an image address with a caption (the server fetches it first and refuses
 * one that is no reachable image, issue 20) or upload images with the site's uploader; delete.
 */
export function ManageGallery({ teamId, canEdit }: { teamId: string; canEdit: boolean }) {
  const ids = useId();
  const gallery = useTeamGallery(teamId);
  const add = useAddGalleryImage(teamId);
  const remove = useDeleteGalleryImage(teamId);
  const [imageUrl, setImageUrl] = useState('');
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploaderOpen, setUploaderOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const coarse = useCoarsePointer();

  const addUploaded = (objectPath: string) =>
    add.mutate(
      caption.trim() ? { imageUrl: objectPath, caption: caption.trim() } : { imageUrl: objectPath },
      {
        onSuccess: () => toast({ title: T.imageAdded }),
      },
    );

  const submit = () => {
    const url = imageUrl.trim();
    if (!url) {
      setError(T.imageUrlRequired);
      return;
    }
    setError(null);
    const body = caption.trim() ? { imageUrl: url, caption: caption.trim() } : { imageUrl: url };
    add.mutate(body, {
      onSuccess: () => {
        setImageUrl('');
        setCaption('');
        toast({ title: T.imageAdded });
      },
      // The server's reason (not a reachable image, too large...) also stays under the field.
      onError: (failure) => setError(errorText(failure, T.galleryAddFailed)),
    });
  };

  return (
    <div className="space-y-6">
      {canEdit ? (
        <form
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          noValidate
          aria-label={T.addImage}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-url`}>{T.imageUrl}</Label>
            <Input
              id={`${ids}-url`}
              inputMode="url"
              placeholder="https://..."
              maxLength={2048}
              value={imageUrl}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-url-error` : undefined}
              onChange={(e) => setImageUrl(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-caption`}>{T.caption}</Label>
            <Input
              id={`${ids}-caption`}
              maxLength={500}
              value={caption}
              onChange={(e) => setCaption(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={add.isPending}>
            <Plus aria-hidden="true" />
            {add.isPending ? T.adding : T.addImage}
          </Button>
          <div className="sm:col-span-3">
            <FieldError id={`${ids}-url-error`}>{error}</FieldError>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
            <Button
              type="button"
              variant="outline"
              className="min-h-11"
              onClick={() => setUploaderOpen(true)}
              disabled={uploading}
            >
              <ImagePlus aria-hidden="true" />
              {coarse ? UPLOAD_TEXTS.choosePhotos : T.uploadGalleryImages}
            </Button>
          </div>
        </form>
      ) : null}
      {canEdit ? (
        <ImageUploader
          open={uploaderOpen}
          onOpenChange={setUploaderOpen}
          title={T.uploadGalleryTitle}
          maxNumberOfFiles={5}
          onUploaded={addUploaded}
          onBusyChange={setUploading}
          note="Images only, up to 5 files, 25 MB each"
        />
      ) : null}
      {gallery.isPending ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true">
          <Skeleton className="aspect-square w-full" />
          <Skeleton className="aspect-square w-full" />
        </div>
      ) : gallery.isError ? (
        <p className="text-destructive">{T.fetchGalleryFailed}</p>
      ) : gallery.data.length === 0 ? (
        <p className="text-muted-foreground">{T.noGallery}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={T.galleryTab}>
          {gallery.data.map((item) => (
            <li key={item.id}>
              <Card className="overflow-hidden">
                <RemoteImage
                  address={item.image}
                  media={item.media}
                  alt={item.caption || 'Team photo'}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
                <div className="flex items-center gap-2 p-2">
                  <span className="min-w-0 flex-1 truncate text-sm">{item.caption}</span>
                  {item.canDelete ? (
                    <ConfirmDialog
                      trigger={
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`${T.deleteImage}${item.caption ? ` ${item.caption}` : ''}`}
                          disabled={remove.isPending && remove.variables === item.id}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                      title={T.deleteImageTitle}
                      description={T.deleteImageDescription}
                      confirmLabel={T.delete}
                      onConfirm={() =>
                        remove.mutate(item.id, { onSuccess: () => toast({ title: T.imageDeleted }) })
                      }
                    />
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
