import { TEXTS, WEB_TEXTS } from '@contract/texts';
import { MessageSquarePlus } from 'lucide-react';

/** The community feed section of the home page (the list itself arrives with the posts feature). */
export function FeedSection({ id }: { id?: string }) {
  return (
    <section id={id} aria-labelledby="feed-heading" className="scroll-mt-20 space-y-4">
      <h2 id="feed-heading" className="text-2xl font-bold tracking-tight">
        {WEB_TEXTS.feedHeading}
      </h2>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
        <MessageSquarePlus className="size-8 text-primary" aria-hidden="true" />
        <p>{TEXTS.noPosts}</p>
      </div>
    </section>
  );
}
