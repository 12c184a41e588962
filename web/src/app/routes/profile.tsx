import { PROFILE_TEXTS } from '@contract/profiles';
import { PageContainer } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { UserPosts } from '@web/features/posts/components/user-posts';
import { useProfile } from '@web/features/profiles/api/get-profile';
import { ProfileHeader, ProfileHeaderSkeleton } from '@web/features/profiles/components/profile-header';
import { ProfileTeams } from '@web/features/profiles/components/profile-teams';
import { ApiError } from '@web/lib/api';
import { useUser } from '@web/lib/auth';
import { useAfterPaint } from '@web/lib/use-after-paint';
import { UserX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';

// Below the fold on a phone: their code loads, and they render, after the first paint (decision
// 018's addendum), so the first commit is the header, the teams and the posts' skeletons.
const ProfileBadges = lazy(() =>
  import('@web/features/badges/components/profile-badges').then((m) => ({ default: m.ProfileBadges })),
);
/** Issue 26: the player's record of games played (checked in). */
const GamesPlayed = lazy(() =>
  import('@web/features/gallery/games-played').then((m) => ({ default: m.GamesPlayed })),
);
const UserGear = lazy(() =>
  import('@web/features/gear/components/user-gear').then((m) => ({ default: m.UserGear })),
);

/** /profile/{username}: a public profile with teams and posts. */
export function ProfilePage() {
  const { username = '' } = useParams();
  const { user } = useUser();
  const profile = useProfile(username);
  const later = useAfterPaint(profile.isSuccess);

  if (profile.isPending) {
    return (
      <PageContainer>
        <ProfileHeaderSkeleton />
      </PageContainer>
    );
  }
  if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.status === 404;
    return (
      <PageContainer>
        <div className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card p-12 text-center">
          <UserX className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">
            {missing ? PROFILE_TEXTS.notFound : PROFILE_TEXTS.fetchProfileFailed}
          </h1>
          <Button asChild variant="outline">
            <Link to="/">Go home</Link>
          </Button>
        </div>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <ProfileHeader profile={profile.data} viewer={user} />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <aside className="grid min-w-0 grid-cols-1 content-start gap-6 lg:order-2">
          <ProfileTeams userId={profile.data.id} />
          <Suspense fallback={<CardSkeleton />}>
            {later ? <ProfileBadges userId={profile.data.id} /> : <CardSkeleton />}
          </Suspense>
          <Suspense fallback={<CardSkeleton />}>
            {later ? <GamesPlayed userId={profile.data.id} /> : <CardSkeleton />}
          </Suspense>
          <Suspense fallback={<CardSkeleton />}>
            {later ? <UserGear userId={profile.data.id} /> : <CardSkeleton />}
          </Suspense>
        </aside>
        <div className="min-w-0 lg:order-1">
          <UserPosts userId={profile.data.id} />
        </div>
      </div>
    </PageContainer>
  );
}

/** The badges' or the gear's card while it loads: about the height of their own loading state. */
function CardSkeleton() {
  return (
    <Card aria-busy="true">
      <CardHeader className="pb-3">
        <Skeleton className="h-6 w-24" />
      </CardHeader>
      <CardContent className="space-y-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </CardContent>
    </Card>
  );
}
