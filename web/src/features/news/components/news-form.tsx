import { PRODUCT_NAME } from '@contract/common';
import {
  NEWS_CATEGORIES,
  NEWS_DEFAULT_VALUES,
  NEWS_LIMITS,
  NEWS_TEXTS,
  type NewsArticle,
  type NewsBodyInput,
  newsBody,
} from '@contract/news';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminForm, SELECT_CLASS, useAdminForm } from '@web/components/admin/admin-form';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useCreateNews } from '../api/create-news';
import { useUpdateNews } from '../api/update-news';

const T = NEWS_TEXTS;
const FIELDS = ['title', 'excerpt', 'content', 'image', 'category', 'source', 'readTime'] as const;

const empty = (): NewsBodyInput => ({
  title: '',
  excerpt: '',
  content: '',
  image: '',
  category: NEWS_DEFAULT_VALUES.category,
  source: '',
  readTime: '',
});

const toValues = (a: NewsArticle): NewsBodyInput => ({
  title: a.title,
  excerpt: a.excerpt,
  content: a.content,
  image: a.image ?? '',
  category: a.category,
  source: a.source,
  readTime: a.readTime,
});

/**
 * The news form (SPEC §4): create mode, or edit mode for `editing` until cancel or save. The
 * contract's schema judges the values (title required; category, source and read time take their
 * defaults when left empty); the server's field errors land on their fields.
 */
export function NewsForm({ editing, onDone }: { editing: NewsArticle | null; onDone: () => void }) {
  const { bind, row, formProps } = useAdminForm({
    editing,
    resolver: zodResolver(newsBody),
    empty,
    toValues,
    fields: FIELDS,
    create: useCreateNews(),
    update: useUpdateNews(),
    texts: T,
    onDone,
  });

  return (
    <AdminForm {...formProps}>
      {row('title', T.title, <Input required maxLength={NEWS_LIMITS.title} {...bind('title')} />)}
      {row('excerpt', T.excerpt, <Textarea rows={2} maxLength={NEWS_LIMITS.excerpt} {...bind('excerpt')} />)}
      {row(
        'content',
        T.content,
        <Textarea
          rows={10}
          className="font-mono text-xs"
          maxLength={NEWS_LIMITS.content}
          {...bind('content')}
        />,
      )}
      {row(
        'image',
        T.image,
        <Input inputMode="url" placeholder="https://..." maxLength={NEWS_LIMITS.image} {...bind('image')} />,
      )}
      <div className="grid gap-5 sm:grid-cols-3">
        {row(
          'category',
          T.category,
          <select className={SELECT_CLASS} {...bind('category')}>
            {NEWS_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>,
        )}
        {row(
          'source',
          T.source,
          <Input placeholder={PRODUCT_NAME} maxLength={NEWS_LIMITS.source} {...bind('source')} />,
        )}
        {row(
          'readTime',
          T.readTime,
          <Input
            placeholder={NEWS_DEFAULT_VALUES.readTime}
            maxLength={NEWS_LIMITS.readTime}
            {...bind('readTime')}
          />,
        )}
      </div>
    </AdminForm>
  );
}
