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
import { AdminForm, useAdminForm } from '@web/components/admin/admin-form';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
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

const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

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
  const { form, ids, field, error, formProps } = useAdminForm({
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

  return (
    <AdminForm {...formProps}>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-title`}>{T.title}</Label>
        <Input required maxLength={TUTORIAL_LIMITS.title} {...field('title')} {...form.register('title')} />
        {error('title')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-description`}>{T.description}</Label>
        <Textarea
          rows={3}
          required
          maxLength={TUTORIAL_LIMITS.description}
          {...field('description')}
          {...form.register('description')}
        />
        {error('description')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-content`}>{T.content}</Label>
        <Textarea
          rows={8}
          className="font-mono text-xs"
          maxLength={TUTORIAL_LIMITS.content}
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
          maxLength={TUTORIAL_LIMITS.image}
          {...field('image')}
          {...form.register('image')}
        />
        {error('image')}
      </div>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-category`}>{T.category}</Label>
          <select className={SELECT_CLASS} {...field('category')} {...form.register('category')}>
            {TUTORIAL_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {error('category')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-difficulty`}>{T.difficulty}</Label>
          <select className={SELECT_CLASS} {...field('difficulty')} {...form.register('difficulty')}>
            {TUTORIAL_DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          {error('difficulty')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-duration`}>{T.duration}</Label>
          <Input
            required
            placeholder="10 min"
            maxLength={TUTORIAL_LIMITS.duration}
            {...field('duration')}
            {...form.register('duration')}
          />
          {error('duration')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-type`}>{T.type}</Label>
          <select className={SELECT_CLASS} {...field('type')} {...form.register('type')}>
            {TUTORIAL_TYPES.map((t) => (
              <option key={t} value={t}>
                {T.typeLabels[t]}
              </option>
            ))}
          </select>
          {error('type')}
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-videoUrl`}>{T.videoUrl}</Label>
          <Input
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=..."
            maxLength={TUTORIAL_LIMITS.videoUrl}
            {...field('videoUrl')}
            {...form.register('videoUrl')}
          />
          {videoId ? <p className="text-xs text-muted-foreground">Video id: {videoId}</p> : null}
          {error('videoUrl')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-channelTitle`}>{T.channelTitle}</Label>
          <Input
            maxLength={TUTORIAL_LIMITS.channelTitle}
            {...field('channelTitle')}
            aria-describedby={`${ids}-channelTitle-hint`}
            {...form.register('channelTitle')}
          />
          <p id={`${ids}-channelTitle-hint`} className="text-xs text-muted-foreground">
            {T.channelTitleHint}
          </p>
          {error('channelTitle')}
        </div>
      </div>
    </AdminForm>
  );
}
