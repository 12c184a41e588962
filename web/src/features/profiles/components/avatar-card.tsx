import type { CurrentUser } from '@contract/auth';
import { PROFILE_TEXTS } from '@contract/profiles';
import { ImageUploader } from '@web/components/image-uploader';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useUpdateProfile } from '../api/update-profile';

/** Settings: the avatar (image or initials) and its uploader (one image). */
export function AvatarCard({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateProfile();
  const onUploaded = async (objectPath: string) => {
    try {
      await update.mutateAsync({ avatar: objectPath });
      toast({ title: PROFILE_TEXTS.avatarUpdated });
    } catch (error) {
      toast({ variant: 'destructive', title: PROFILE_TEXTS.avatarSaveFailed, description: errorText(error) });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Avatar</CardTitle>
        <CardDescription>
          A square image works best. JPEG, PNG, WebP, GIF or AVIF, up to 25 MB.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-6">
        <UserAvatar
          username={user.username}
          src={user.avatar}
          media={user.media}
          className="size-24"
          fallbackClassName="text-3xl"
        />
        <Button variant="outline" onClick={() => setOpen(true)} disabled={update.isPending}>
          <Camera aria-hidden="true" />
          Change Avatar
        </Button>
        <ImageUploader
          open={open}
          onOpenChange={setOpen}
          maxNumberOfFiles={1}
          onUploaded={onUploaded}
          uploadErrorTitle={PROFILE_TEXTS.avatarUploadFailed}
          note="One image, up to 25 MB"
        />
      </CardContent>
    </Card>
  );
}
