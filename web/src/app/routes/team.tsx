import type { FeedPost, LikeAnswer } from '@contract/posts';
import { teamIcsPath } from '@contract/series';
import { TEAM_TEXTS } from '@contract/teams';
import { useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { SubscribeLink } from '@web/features/events/components/subscribe-link';
import { likeMutationKey } from '@web/features/posts/api/like-post';
import { PostCard, PostCardSkeleton } from '@web/features/posts/components/post-card';
import { useTeam, useTeamFeed } from '@web/features/teams/api/get-team';
import { TEAM_MUTATION, teamKeys } from '@web/features/teams/api/keys';
import { TeamActions } from '@web/features/teams/components/team-actions';
import { TeamGallery } from '@web/features/teams/components/team-gallery';
import { TeamHeader, TeamHeaderSkeleton } from '@web/features/teams/components/team-header';
import { TeamRoster } from '@web/features/teams/components/team-roster';
import { ApiError } from '@web/lib/api';
import { ShieldOff, Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';

const T = TEAM_TEXTS;
const LIKE = likeMutationKey('')[0];

/** /teams/{teamId}: the team's head and actions, then the tabs Feed, Roster, Gallery, Achievements. */
export function TeamPage() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);

  if (team.isPending) {
    return (
      <PageContainer>
        <TeamHeaderSkeleton />
      </PageContainer>
    );
  }
  if (team.isError) {
    const status = team.error instanceof ApiError ? team.error.status : 0;
    const missing = status === 404 || status === 400;
    return (
      <PageContainer>
        <div className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card p-12 text-center">
          <ShieldOff className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">{missing ? T.teamNotFound : T.fetchTeamFailed}</h1>
          <div className="flex gap-2">
            {missing ? null : (
              <Button variant="outline" onClick={() => void team.refetch()}>
                {T.tryAgain}
              </Button>
            )}
            <Button asChild variant="outline">
              <Link to="/teams">{T.backToTeams}</Link>
            </Button>
          </div>
        </div>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <TeamHeader team={team.data} actions={<TeamActions team={team.data} />} />
      {/* Issue 26: the events the team hosts, as a calendar feed. */}
      <div className="flex justify-end">
        <SubscribeLink href={teamIcsPath(team.data.id)} />
      </div>
      <Tabs defaultValue="feed">
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList aria-label={team.data.name}>
            <TabsTrigger value="feed">{T.feedTab}</TabsTrigger>
            <TabsTrigger value="roster">{T.rosterTab}</TabsTrigger>
            <TabsTrigger value="gallery">{T.galleryTab}</TabsTrigger>
            <TabsTrigger value="achievements">{T.achievementsTab}</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="feed">
          <TeamFeed teamId={team.data.id} />
        </TabsContent>
        <TabsContent value="roster">
          <TeamRoster teamId={team.data.id} />
        </TabsContent>
        <TabsContent value="gallery">
          <TeamGallery teamId={team.data.id} />
        </TabsContent>
        <TabsContent value="achievements">
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
            <Trophy className="size-8 text-primary" aria-hidden="true" />
            <p>{T.achievementsSoon}</p>
          </div>
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

/** The Feed tab: the team's posts (teams' query) in the feed's own post card (posts' component). */
function TeamFeed({ teamId }: { teamId: string }) {
  const feed = useTeamFeed(teamId);
  useFeedFollowsPostActions(teamId);
  if (feed.isPending)
    return (
      <div className="space-y-4">
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  if (feed.isError) return <p className="text-destructive">{T.fetchFeedFailed}</p>;
  if (feed.data.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
        {T.noFeed}
      </p>
    );
  return (
    <ul className="mx-auto max-w-2xl space-y-4" aria-label={T.feedTab}>
      {feed.data.map((post) => (
        <li key={post.id}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The post card's like writes the feed's and profiles' caches (posts' own); the team feed is
 * another list, so it follows here: a like flips at once and is restored on failure, as in the
 * feed (SPEC §4 Like), and any other post action that succeeds (a delete, a comment) refreshes it.
 */
function useFeedFollowsPostActions(teamId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = teamKeys.feed(teamId);
    const setLike = (postId: unknown, map: (post: FeedPost) => FeedPost) =>
      queryClient.setQueryData<FeedPost[]>(key, (list) => list?.map((p) => (p.id === postId ? map(p) : p)));
    const flip = (like: boolean) => (p: FeedPost) =>
      p.isLiked === like
        ? p
        : { ...p, isLiked: like, likesCount: Math.max(0, p.likesCount + (like ? 1 : -1)) };
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { mutation, action } = event;
      const mutationKey = mutation.options.mutationKey;
      if (mutationKey?.[0] === TEAM_MUTATION) return;
      if (mutationKey?.[0] === LIKE) {
        const like = mutation.state.variables as boolean;
        if (action.type === 'pending') setLike(mutationKey[1], flip(like));
        else if (action.type === 'error') setLike(mutationKey[1], flip(!like));
        else if (action.type === 'success')
          setLike(mutationKey[1], (p) => ({ ...p, ...(mutation.state.data as LikeAnswer) }));
        return;
      }
      if (action.type === 'success') void queryClient.invalidateQueries({ queryKey: key });
    });
  }, [queryClient, teamId]);
}
