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
import { AdminForm, useAdminForm } from '@web/components/admin/admin-form';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { useCreateNews } from '../api/create-news';
import { useUpdateNews } from '../api/update-news';

const T = NEWS_TEXTS;
const FIELDS = ['title', 'excerpt', 'content', 'image', 'category', 'source', 'readTime'] as const;

export const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

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
  const { form, ids, field, error, formProps } = useAdminForm({
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
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-title`}>{T.title}</Label>
        <Input required maxLength={NEWS_LIMITS.title} {...field('title')} {...form.register('title')} />
        {error('title')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-excerpt`}>{T.excerpt}</Label>
        <Textarea
          rows={2}
          maxLength={NEWS_LIMITS.excerpt}
          {...field('excerpt')}
          {...form.register('excerpt')}
        />
        {error('excerpt')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-content`}>{T.content}</Label>
        <Textarea
          rows={10}
          className="font-mono text-xs"
          maxLength={NEWS_LIMITS.content}
          {...field('content')}
          {...form.register('content')}
        />
        {error('content')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-image`}>{T.image}</Label>
        <Input
          inputMode="url"
          placeholder="https://..."
          maxLength={NEWS_LIMITS.image}
          {...field('image')}
          {...form.register('image')}
        />
        {error('image')}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-category`}>{T.category}</Label>
          <select className={SELECT_CLASS} {...field('category')} {...form.register('category')}>
            {NEWS_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {error('category')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-source`}>{T.source}</Label>
          <Input
            placeholder={PRODUCT_NAME}
            maxLength={NEWS_LIMITS.source}
            {...field('source')}
            {...form.register('source')}
          />
          {error('source')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-readTime`}>{T.readTime}</Label>
          <Input
            placeholder={NEWS_DEFAULT_VALUES.readTime}
            maxLength={NEWS_LIMITS.readTime}
            {...field('readTime')}
            {...form.register('readTime')}
          />
          {error('readTime')}
        </div>
      </div>
    </AdminForm>
  );
}
