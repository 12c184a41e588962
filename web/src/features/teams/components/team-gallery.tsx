import { TEAM_TEXTS } from '@contract/teams';
import { ReportButton } from '@web/components/report-button';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTeamGallery } from '../api/get-team';

const T = TEAM_TEXTS;

/** The gallery tab: the team's photos with their captions. */
export function TeamGallery({ teamId }: { teamId: string }) {
  const gallery = useTeamGallery(teamId);
  if (gallery.isPending)
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true">
        <Skeleton className="aspect-square w-full" />
        <Skeleton className="aspect-square w-full" />
        <Skeleton className="aspect-square w-full" />
      </div>
    );
  if (gallery.isError) return <p className="text-destructive">{T.fetchGalleryFailed}</p>;
  if (gallery.data.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
        {T.noGallery}
      </p>
    );
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={T.galleryTab}>
      {gallery.data.map((item) => (
        <li key={item.id}>
          <figure className="overflow-hidden rounded-lg border border-border bg-card">
            <RemoteImage
              address={item.image}
              media={item.media}
              alt={item.caption || 'Team photo'}
              sizes="(min-width: 40rem) 33vw, 50vw"
              loading="lazy"
              className="aspect-square w-full object-cover"
            />
            <figcaption className="flex items-start gap-1 px-3 py-1 text-sm break-words">
              <span className="min-w-0 flex-1 py-1">{item.caption}</span>
              <ReportButton
                subjectType="teamGalleryImage"
                subjectId={item.id}
                canReport={item.canReport}
                className="-mr-2"
              />
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
