import { ImageUploader } from '@web/components/image-uploader';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useUpdateProfile } from '../api/update-profile';

/**
 * A button that opens the uploader for one image (at most 25 MB) and saves it as the player's
 * avatar or banner: the avatar in Settings, the banner on the own profile. A failed save shows
 * `errorTitle` (from the mutation's meta), a saved one `savedText`.
 */
export function ProfileImageUpload({
  field,
  label,
  icon: Icon,
  savedText,
  errorTitle,
  uploadErrorTitle,
}: {
  field: 'avatar' | 'coverImage';
  label: string;
  icon: LucideIcon;
  savedText: string;
  errorTitle: string;
  uploadErrorTitle?: string;
}) {
  const [open, setOpen] = useState(false);
  const update = useUpdateProfile(errorTitle);
  const onUploaded = (objectPath: string) =>
    update.mutate({ [field]: objectPath }, { onSuccess: () => toast({ title: savedText }) });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} disabled={update.isPending}>
        <Icon aria-hidden="true" />
        {label}
      </Button>
      <ImageUploader
        open={open}
        onOpenChange={setOpen}
        maxNumberOfFiles={1}
        onUploaded={onUploaded}
        uploadErrorTitle={uploadErrorTitle}
        note="One image, up to 25 MB"
      />
    </>
  );
}
