import {
  parseYoutubeVideoId,
  TUTORIAL_CATEGORIES,
  TUTORIAL_DEFAULT_TYPE,
  TUTORIAL_DIFFICULTIES,
  TUTORIAL_LIMITS,
  TUTORIAL_TEXTS,
  TUTORIAL_TYPES,
  type Tutorial,
  type TutorialBodyInput,
  tutorialBody,
} from '@contract/tutorials';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminForm, SELECT_CLASS, useAdminForm } from '@web/components/admin/admin-form';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useCreateTutorial } from '../api/create-tutorial';
import { useUpdateTutorial } from '../api/update-tutorial';

const T = TUTORIAL_TEXTS;
const FIELDS = [
  'title',
  'description',
  'content',
  'image',
  'category',
  'difficulty',
  'duration',
  'type',
  'videoUrl',
  'channelTitle',
] as const;

const empty = (): TutorialBodyInput => ({
  title: '',
  description: '',
  content: '',
  image: '',
  category: TUTORIAL_CATEGORIES[0],
  difficulty: TUTORIAL_DIFFICULTIES[0],
  duration: '',
  type: TUTORIAL_DEFAULT_TYPE,
  videoUrl: '',
  channelTitle: '',
});

const toValues = (t: Tutorial): TutorialBodyInput => ({
  title: t.title,
  description: t.description,
  content: t.content ?? '',
  image: t.image ?? '',
  category: t.category,
  difficulty: t.difficulty,
  duration: t.duration,
  type: t.type,
  videoUrl: t.videoUrl ?? '',
  channelTitle: t.youtubeData?.channelTitle ?? '',
});

/**
 * The tutorial form (SPEC §2 Admin: title, description, content, image, category, difficulty,
 * duration, type, videoUrl), in create mode or, for `editing`, edit mode until cancel or save.
 * The channel name is for servers without a YouTube API key (with one, YouTube's name wins).
 */
export function TutorialForm({ editing, onDone }: { editing: Tutorial | null; onDone: () => void }) {
  const { form, ids, bind, row, formProps } = useAdminForm({
    editing,
    resolver: zodResolver(tutorialBody),
    empty,
    toValues,
    fields: FIELDS,
    create: useCreateTutorial(),
    update: useUpdateTutorial(),
    texts: T,
    onDone,
  });
  const videoId = parseYoutubeVideoId(form.watch('videoUrl'));
  const select = (
    name: 'category' | 'difficulty' | 'type',
    values: readonly string[],
    label = (v: string) => v,
  ) => (
    <select className={SELECT_CLASS} {...bind(name)}>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </select>
  );

  return (
    <AdminForm {...formProps}>
      {row('title', T.title, <Input required maxLength={TUTORIAL_LIMITS.title} {...bind('title')} />)}
      {row(
        'description',
        T.description,
        <Textarea rows={3} required maxLength={TUTORIAL_LIMITS.description} {...bind('description')} />,
      )}
      {row(
        'content',
        T.content,
        <Textarea
          rows={8}
          className="font-mono text-xs"
          maxLength={TUTORIAL_LIMITS.content}
          {...bind('content')}
        />,
      )}
      {row(
        'image',
        T.image,
        <Input
          inputMode="url"
          placeholder="https://..."
          maxLength={TUTORIAL_LIMITS.image}
          {...bind('image')}
        />,
      )}
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {row('category', T.category, select('category', TUTORIAL_CATEGORIES))}
        {row('difficulty', T.difficulty, select('difficulty', TUTORIAL_DIFFICULTIES))}
        {row(
          'duration',
          T.duration,
          <Input required placeholder="10 min" maxLength={TUTORIAL_LIMITS.duration} {...bind('duration')} />,
        )}
        {row(
          'type',
          T.type,
          select('type', TUTORIAL_TYPES, (t) => T.typeLabels[t as (typeof TUTORIAL_TYPES)[number]]),
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {row(
          'videoUrl',
          T.videoUrl,
          <Input
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=..."
            maxLength={TUTORIAL_LIMITS.videoUrl}
            {...bind('videoUrl')}
          />,
          videoId ? <p className="text-xs text-muted-foreground">Video id: {videoId}</p> : null,
        )}
        {row(
          'channelTitle',
          T.channelTitle,
          <Input
            maxLength={TUTORIAL_LIMITS.channelTitle}
            {...bind('channelTitle')}
            aria-describedby={`${ids}-channelTitle-hint`}
          />,
          <p id={`${ids}-channelTitle-hint`} className="text-xs text-muted-foreground">
            {T.channelTitleHint}
          </p>,
        )}
      </div>
    </AdminForm>
  );
}
