import { EVENT_COMMENT_MAX, EVENT_SOCIAL_TEXTS, type EventComment } from '@contract/event-social';
import { ReportButton } from '@web/components/report-button';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { useUser } from '@web/lib/auth';
import { timeAgo } from '@web/lib/format';
import { LoaderCircle, LogIn, MessageSquare, Pin } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useAddEventComment, useDeleteEventComment, useEventComments, useUpdateEventComment } from './api';

const T = EVENT_SOCIAL_TEXTS;
const TAP = 'min-h-11';

/**
 * The event's discussion (issue 26): questions to the host and the organisers' answers (marked
 * "Organiser", pinned ones first). Edit, Delete, Pin and Report show as the server's abilities on
 * each comment say; the compose box as `canComment` says.
 */
export function DiscussionSection({ eventId }: { eventId: string }) {
  const { user } = useUser();
  const query = useEventComments(eventId);
  const list = query.data?.comments ?? [];
  return (
    <Card id="discussion" data-testid="discussion">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="size-5" aria-hidden="true" />
          {T.discussion}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{T.discussionIntro}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true" aria-label={T.loadingComments}>
            {[0, 1].map((i) => (
              <div key={i} className="flex gap-2.5">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3 w-24" />
                  <Skeleton className="h-3 w-3/4" />
                </div>
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p role="alert" className="text-destructive">
              {T.commentsFailed}
            </p>
            <Button variant="outline" className={TAP} onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noComments}</p>
        ) : (
          <ul aria-label={T.discussion} className="space-y-3">
            {list.map((c) => (
              <CommentItem key={c.id} comment={c} eventId={eventId} />
            ))}
          </ul>
        )}
        {query.data?.canComment ? (
          <ComposeBox eventId={eventId} />
        ) : !user ? (
          <Button asChild variant="outline" className={TAP}>
            <Link to="/auth">
              <LogIn aria-hidden="true" />
              {T.signInToAsk}
            </Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function CommentItem({ comment, eventId }: { comment: EventComment; eventId: string }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const update = useUpdateEventComment(eventId, T.updateFailed);
  const remove = useDeleteEventComment(eventId, T.deleteFailed);
  const canSave = draft.trim().length > 0 && !update.isPending;
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    update.mutate({ commentId: comment.id, content: draft.trim() }, { onSuccess: () => setEditing(false) });
  };
  return (
    <li className="flex gap-2.5" data-comment-id={comment.id}>
      <UserAvatar
        username={comment.user.username}
        src={comment.user.avatar}
        media={comment.media}
        className="size-8"
        fallbackClassName="text-xs"
      />
      <div className="min-w-0 flex-1">
        <div
          className={
            comment.byOrganiser
              ? 'rounded-lg border border-primary/40 bg-primary/5 px-3 py-2'
              : 'rounded-lg bg-muted/40 px-3 py-2'
          }
        >
          <div className="flex flex-wrap items-baseline gap-x-2">
            <Link
              to={`/profile/${encodeURIComponent(comment.user.username)}`}
              className="truncate text-sm font-semibold hover:underline"
            >
              {comment.user.username}
            </Link>
            {comment.byOrganiser ? (
              <span className="rounded bg-primary px-1.5 py-0.5 text-xs font-medium text-primary-foreground">
                {T.organiser}
              </span>
            ) : null}
            {comment.pinned ? (
              <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <Pin className="size-3" aria-hidden="true" />
                {T.pinned}
              </span>
            ) : null}
            <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
              {timeAgo(comment.createdAt)}
            </time>
          </div>
          {editing ? (
            <form className="mt-2 space-y-2" onSubmit={save}>
              <Textarea
                aria-label={T.edit}
                value={draft}
                maxLength={EVENT_COMMENT_MAX}
                rows={2}
                autoFocus
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setEditing(false);
                }}
              />
              <div className="flex gap-2">
                <Button type="submit" className={TAP} disabled={!canSave}>
                  {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  {T.save}
                </Button>
                <Button type="button" variant="outline" className={TAP} onClick={() => setEditing(false)}>
                  {T.cancel}
                </Button>
              </div>
            </form>
          ) : (
            <p className="text-sm whitespace-pre-line break-words">{comment.content}</p>
          )}
        </div>
        {!editing ? (
          <div className="mt-0.5 flex flex-wrap gap-1">
            <ReportButton
              subjectType="eventComment"
              subjectId={comment.id}
              canReport={comment.canReport}
              className="size-11"
            />
            {comment.canEdit ? (
              <Button
                variant="ghost"
                className={`${TAP} px-3 text-xs text-muted-foreground`}
                onClick={() => {
                  setDraft(comment.content);
                  setEditing(true);
                }}
              >
                {T.edit}
              </Button>
            ) : null}
            {comment.canPin ? (
              <Button
                variant="ghost"
                className={`${TAP} px-3 text-xs text-muted-foreground`}
                disabled={update.isPending}
                onClick={() => update.mutate({ commentId: comment.id, pinned: !comment.pinned })}
              >
                {comment.pinned ? T.unpin : T.pin}
              </Button>
            ) : null}
            {comment.canDelete ? (
              <ConfirmDialog
                trigger={
                  <Button
                    variant="ghost"
                    className={`${TAP} px-3 text-xs text-muted-foreground hover:text-destructive`}
                    disabled={remove.isPending}
                  >
                    {T.delete}
                  </Button>
                }
                title="Delete this comment?"
                description="It will be removed from the discussion."
                cancelLabel={T.cancel}
                confirmLabel={T.delete}
                onConfirm={() => remove.mutate(comment.id)}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The text is trimmed and sent only when non-empty; the button waits while empty or sending. */
function ComposeBox({ eventId }: { eventId: string }) {
  const [text, setText] = useState('');
  const add = useAddEventComment(eventId, T.postFailed);
  const ready = text.trim().length > 0 && !add.isPending;
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    add.mutate({ content: text.trim() }, { onSuccess: () => setText('') });
  };
  return (
    <form className="space-y-2" onSubmit={send}>
      <Textarea
        aria-label={T.placeholder}
        placeholder={T.placeholder}
        value={text}
        maxLength={EVENT_COMMENT_MAX}
        rows={2}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" className={TAP} disabled={!ready}>
        {add.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {T.send}
      </Button>
    </form>
  );
}
