import type { CurrentUser } from '@contract/auth';
import type { MediaMap } from '@contract/common';
import { PROFILE_COVER_SIZES, PROFILE_TEXTS, type UserProfile } from '@contract/profiles';
import { ReportButton } from '@web/components/report-button';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { joinedText } from '@web/lib/format';
import { displaySrc } from '@web/lib/media';
import { CalendarDays, ImageUp, MapPin, Pencil, UserCheck, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useFollowUser } from '../api/follow-user';
import { useUnfollowUser } from '../api/unfollow-user';
import { ProfileImageUpload } from './profile-image-upload';

/** A public profile's top: cover banner, avatar, name, bio, location, join date, counts, actions. */
export function ProfileHeader({ profile, viewer }: { profile: UserProfile; viewer: CurrentUser | null }) {
  const isOwn = viewer?.id === profile.id;
  const joined = joinedText(profile.joinedAt);
  return (
    <section aria-label="Profile" className="overflow-hidden rounded-xl border border-border bg-card">
      <Cover src={profile.coverImage} media={profile.media} />
      <div className="px-4 pb-6 sm:px-6">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-4 sm:-mt-16">
          <UserAvatar
            username={profile.username}
            src={profile.avatar}
            media={profile.media}
            className="size-24 border-4 border-card bg-card sm:size-32"
            fallbackClassName="text-2xl sm:text-4xl"
          />
          <div className="flex flex-wrap gap-2">
            {isOwn ? (
              <>
                <BannerButton />
                <Button asChild variant="outline">
                  <Link to="/settings">
                    <Pencil aria-hidden="true" />
                    Edit Profile
                  </Link>
                </Button>
              </>
            ) : viewer ? (
              <>
                <FollowButton profile={profile} />
                <ReportButton
                  subjectType="user"
                  subjectId={profile.id}
                  canReport={profile.canReport}
                  variant="text"
                  className="min-h-11"
                />
              </>
            ) : (
              <Button asChild variant="outline">
                <Link to="/auth">Sign in to follow</Link>
              </Button>
            )}
          </div>
        </div>
        <h1 className="mt-4 text-2xl font-bold tracking-tight break-all sm:text-3xl">{profile.username}</h1>
        {profile.bio ? (
          <p className="mt-2 max-w-2xl whitespace-pre-line text-muted-foreground">{profile.bio}</p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          {profile.location ? (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden="true" />
              {profile.location}
            </span>
          ) : null}
          {joined ? (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              {joined}
            </span>
          ) : null}
        </div>
        <dl className="mt-6 grid grid-cols-4 gap-2 border-t border-border pt-4 text-center sm:max-w-lg sm:text-left">
          <Count label="Posts" value={profile.postsCount} testId="posts-count" />
          <Count label="Followers" value={profile.followersCount} testId="followers-count" />
          <Count label="Following" value={profile.followingCount} testId="following-count" />
          <Count label="Events" value={profile.eventsCount} testId="events-count" />
        </dl>
      </div>
    </section>
  );
}

/**
 * The banner: the first thing a profile shows, so fetched at once with high priority, from the
 * copy that fits the page's width (srcset), over its thumbhash placeholder (RemoteImage). The HTML
 * of /profile/{username} preloads it with the same `sizes` (decision 018).
 */
function Cover({ src, media }: { src: string | null; media?: MediaMap }) {
  return (
    <div className="relative h-40 bg-gradient-to-br from-hero-from via-olive to-hero-to sm:h-56">
      {displaySrc(src, media) ? (
        <RemoteImage
          address={src}
          media={media}
          alt=""
          sizes={PROFILE_COVER_SIZES}
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </div>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="text-lg font-bold sm:text-xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function BannerButton() {
  return (
    <ProfileImageUpload
      field="coverImage"
      label="Change Banner"
      icon={ImageUp}
      savedText={PROFILE_TEXTS.bannerUpdated}
      errorTitle={PROFILE_TEXTS.bannerUpdateFailed}
    />
  );
}

function FollowButton({ profile }: { profile: UserProfile }) {
  const follow = useFollowUser(profile.username);
  const unfollow = useUnfollowUser(profile.username);
  const pending = follow.isPending || unfollow.isPending;
  if (profile.isFollowing) {
    return (
      <Button variant="outline" disabled={pending} onClick={() => unfollow.mutate(profile.id)}>
        <UserCheck aria-hidden="true" />
        Unfollow
      </Button>
    );
  }
  return (
    <Button disabled={pending} onClick={() => follow.mutate(profile.id)}>
      <UserPlus aria-hidden="true" />
      Follow
    </Button>
  );
}

export function ProfileHeaderSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card" aria-busy="true">
      <Skeleton className="h-40 rounded-none sm:h-56" />
      <div className="px-4 pb-6 sm:px-6">
        <Skeleton className="-mt-12 size-24 rounded-full border-4 border-card sm:-mt-16 sm:size-32" />
        <Skeleton className="mt-4 h-8 w-48" />
        <Skeleton className="mt-3 h-4 w-72 max-w-full" />
        <Skeleton className="mt-6 h-12 w-full max-w-lg" />
      </div>
    </div>
  );
}
