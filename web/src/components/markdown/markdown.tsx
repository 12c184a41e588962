import { isImageRef } from '@contract/profiles';
import { cn } from '@web/lib/cn';
import ReactMarkdown, { type Components, defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Links leave the site in a new tab, never passing our address or any standing on to the target. */
export const MARKDOWN_LINK_REL = 'nofollow noopener noreferrer';

const components: Components = {
  a: ({ node: _node, href, children, ...props }) => (
    <a {...props} href={href} target="_blank" rel={MARKDOWN_LINK_REL}>
      {children}
    </a>
  ),
  // Browsers load only our own images (the CSP's img-src is 'self'); an outside picture in the
  // text becomes a link to it, so reading an article tells no third party about the reader.
  // An own image is a stored object's path exactly (issue 24: `/objects/../api/…` reached other
  // routes); any other path on the site is shown as its alt text, neither loaded nor linked.
  img: ({ node: _node, src, alt }) =>
    typeof src === 'string' && src.startsWith('/objects/') && isImageRef(src) ? (
      <img src={src} alt={alt ?? ''} loading="lazy" className="my-4 max-w-full rounded-lg" />
    ) : typeof src === 'string' && (src.startsWith('/') || !/^https?:\/\//i.test(src)) ? (
      <span>{alt ?? ''}</span>
    ) : src ? (
      <a href={String(src)} target="_blank" rel={MARKDOWN_LINK_REL}>
        {alt || String(src)}
      </a>
    ) : null,
  table: ({ node: _node, ...props }) => (
    <div className="my-4 overflow-x-auto">
      <table {...props} />
    </div>
  ),
};

/**
 * Markdown with GitHub's extensions (tables, task lists, strikethrough, autolinks), as admins
 * write news and tutorials. Raw HTML is dropped, never rendered; link addresses other than
 * http(s), mailto and relative ones are emptied (react-markdown's defaultUrlTransform).
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div
      className={cn(
        'text-sm leading-relaxed break-words text-foreground/90',
        '[&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold',
        '[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold',
        '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
        '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold',
        '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/60 [&_blockquote]:pl-4 [&_blockquote]:italic',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.85em]',
        '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
        '[&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-border [&_th]:bg-muted [&_th]:px-2 [&_th]:py-1 [&_th]:text-left',
        '[&_hr]:my-6 [&_hr]:border-border [&>:first-child]:mt-0 [&>:last-child]:mb-0',
        className,
      )}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={defaultUrlTransform}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
