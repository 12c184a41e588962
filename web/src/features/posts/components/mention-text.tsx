import { splitMentions } from '@contract/mentions';
import { Fragment } from 'react';
import { Link } from 'react-router';

/**
 * A caption or a comment as written, each `@username` in it a link to that player's profile
 * (issue 23; contract/mentions.ts finds them as the server does when it notifies). Only React
 * text nodes and links: nothing in the text is read as markup.
 */
export function MentionText({ text }: { text: string }) {
  return (
    <>
      {splitMentions(text).map((part, i) =>
        part.username === undefined ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <Link
            key={i}
            to={`/profile/${encodeURIComponent(part.username)}`}
            className="font-medium text-primary hover:underline"
          >
            {part.text}
          </Link>
        ),
      )}
    </>
  );
}
