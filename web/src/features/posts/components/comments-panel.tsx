import { COMMENT_MAX, type Comment, FEED_TEXTS } from '@contract/posts';
import { ReportButton } from '@web/components/report-button';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { LoaderCircle, LogIn, SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAddComment, useComments, useDeleteComment, useUpdateComment } from '../api/comments';
import { Byline } from './byline';
import { MentionText } from './mention-text';

const T = FEED_TEXTS;

/** SPEC §3: a comment's text is `content`, with `text` accepted as a fallback. */
const commentText = (comment: Comment) =>
  comment.content ?? (comment as Partial<Record<'text', string>>).text ?? '';

const isEdited = (comment: Comment) =>
  Boolean(comment.updatedAt) && new Date(comment.updatedAt).getTime() > new Date(comment.createdAt).getTime();

/** Enter sends, Shift+Enter starts a new line (not while an input method is composing). */
const isSendKey = (event: KeyboardEvent<HTMLTextAreaElement>) =>
  event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;

/**
 * SPEC §2 comments panel under a post card. Its comments are fetched only while it is open;
 * the list scrolls past about 16rem.
 */
export function CommentsPanel({ id, postId, open }: { id?: string; postId: string; open: boolean }) {
  return (
    <div id={id} hidden={!open} className="border-t border-border bg-muted/30 px-3 py-3 sm:px-4">
      {open ? <Comments postId={postId} /> : null}
    </div>
  );
}

function Comments({ postId }: { postId: string }) {
  const { user } = useUser();
  const comments = useComments(postId, { enabled: true });
  const listRef = useRef<HTMLUListElement>(null);
  const list = comments.data?.pages.flat() ?? [];

  const scrollToEnd = () =>
    requestAnimationFrame(() => {
      const el = listRef.current;
      if (el) el.scrollTop = el.scrollHeight;
    });

  return (
    <div className="space-y-3">
      {comments.isPending ? (
        <div className="space-y-3" aria-busy="true">
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
      ) : !comments.data ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-destructive">{T.loadCommentsFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void comments.refetch()}>
            {T.tryAgain}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noComments}</p>
      ) : (
        <ul ref={listRef} aria-label={T.comments} className="max-h-64 space-y-3 overflow-y-auto pr-1">
          {list.map((comment) => (
            <CommentItem key={comment.id} comment={comment} postId={postId} />
          ))}
          {comments.hasNextPage ? (
            <li>
              <Button
                variant="link"
                size="sm"
                className="h-auto px-0"
                disabled={comments.isFetchingNextPage}
                onClick={() => void comments.fetchNextPage()}
              >
                {comments.isFetchingNextPage ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : null}
                {T.showMoreComments}
              </Button>
            </li>
          ) : null}
        </ul>
      )}
      {user ? (
        <CommentForm postId={postId} onPosted={scrollToEnd} />
      ) : (
        <Button asChild variant="outline" size="sm">
          <Link to="/auth">
            <LogIn aria-hidden="true" />
            {T.signInToComment}
          </Link>
        </Button>
      )}
    </div>
  );
}

/** A comment; Edit and Delete show as the server's abilities on it say (canEdit, canDelete). */
function CommentItem({ comment, postId }: { comment: Comment; postId: string }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const editButton = useRef<HTMLButtonElement>(null);
  const update = useUpdateComment(postId);
  const remove = useDeleteComment(postId);
  const text = commentText(comment);
  const canSave = draft.trim().length > 0 && !update.isPending;

  const startEdit = () => {
    setDraft(text);
    setEditing(true);
  };

  const stopEdit = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = () => {
    if (!canSave) return;
    update.mutate(
      { commentId: comment.id, content: draft },
      {
        onSuccess: () => {
          stopEdit();
          toast({ title: T.successTitle, description: T.commentUpdated });
        },
      },
    );
  };

  const onDelete = () => remove.mutate(comment.id, { onSuccess: () => toast({ title: T.commentDeleted }) });

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
        <div className="rounded-lg bg-background/70 px-3 py-2">
          <Byline
            username={comment.user.username}
            createdAt={comment.createdAt}
            className="flex flex-wrap items-baseline gap-x-2"
            nameClassName="text-sm"
          >
            {isEdited(comment) ? <span className="text-xs text-muted-foreground">{T.edited}</span> : null}
          </Byline>
          {editing ? (
            <form
              className="mt-2 space-y-2"
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                void save();
              }}
            >
              <Textarea
                aria-label={T.editLabel}
                value={draft}
                maxLength={COMMENT_MAX}
                rows={2}
                autoFocus
                className="min-h-16 resize-none field-sizing-content"
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    event.stopPropagation();
                    stopEdit();
                  } else if (isSendKey(event)) {
                    event.preventDefault();
                    void save();
                  }
                }}
              />
              <div className="flex gap-2">
                <Button type="submit" size="sm" disabled={!canSave}>
                  {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  {T.save}
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={stopEdit}>
                  {T.cancel}
                </Button>
              </div>
            </form>
          ) : (
            <p className="text-sm whitespace-pre-line break-words">
              <MentionText text={text} />
            </p>
          )}
        </div>
        {!editing ? (
          <div className="mt-0.5 flex gap-1">
            <ReportButton
              subjectType="comment"
              subjectId={comment.id}
              canReport={comment.canReport}
              className="size-9"
            />
            {comment.canEdit ? (
              <Button
                ref={editButton}
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-xs text-muted-foreground"
                disabled={remove.isPending}
                onClick={startEdit}
              >
                {T.edit}
              </Button>
            ) : null}
            {comment.canDelete ? (
              <ConfirmDialog
                trigger={
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2 text-xs text-muted-foreground hover:text-destructive"
                    disabled={remove.isPending}
                  >
                    {remove.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                    {T.delete}
                  </Button>
                }
                title={T.deleteCommentTitle}
                description={T.deleteCommentDescription}
                cancelLabel={T.cancel}
                confirmLabel={T.delete}
                onConfirm={() => void onDelete()}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** SPEC §5: the text is trimmed and sent only when non-empty; the button waits while empty or sending. */
function CommentForm({ postId, onPosted }: { postId: string; onPosted: () => void }) {
  const [text, setText] = useState('');
  const add = useAddComment(postId);
  const empty = text.trim().length === 0;

  const submit = async () => {
    if (empty || add.isPending) return;
    try {
      await add.mutateAsync(text);
      setText('');
      onPosted();
    } catch {
      // The toast comes from the mutation's meta; the text stays for another try.
    }
  };

  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Textarea
        aria-label={T.commentLabel}
        placeholder={T.commentPlaceholder}
        value={text}
        rows={1}
        maxLength={COMMENT_MAX}
        className={cn('max-h-32 min-h-10 resize-none field-sizing-content')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (isSendKey(event)) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <Button type="submit" size="icon" aria-label={T.postComment} disabled={empty || add.isPending}>
        {add.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <SendHorizontal aria-hidden="true" />
        )}
      </Button>
    </form>
  );
}
