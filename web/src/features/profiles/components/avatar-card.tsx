import type { CurrentUser } from '@contract/auth';
import { PROFILE_TEXTS } from '@contract/profiles';
import { UserAvatar } from '@web/components/ui/avatar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Camera } from 'lucide-react';
import { ProfileImageUpload } from './profile-image-upload';

/** Settings: the avatar (image or initials) and its uploader (one image). */
export function AvatarCard({ user }: { user: CurrentUser }) {
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
        <ProfileImageUpload
          field="avatar"
          label="Change Avatar"
          icon={Camera}
          savedText={PROFILE_TEXTS.avatarUpdated}
          errorTitle={PROFILE_TEXTS.avatarSaveFailed}
          uploadErrorTitle={PROFILE_TEXTS.avatarUploadFailed}
        />
      </CardContent>
    </Card>
  );
}
