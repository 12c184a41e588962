import { DEFAULT_TEAM_COLOR, TEAM_NAME_MIN } from '@contract/constants';
import { z } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUploader } from '@web/components/image-uploader';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { fieldWiring, Label } from '@web/components/ui/label';
import { RemoteImage } from '@web/components/ui/remote-image';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form';
import { ImagePlus, Save, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { PLAY_STYLE_LABELS, TEAM_TEXTS } from '../texts';
import { PLAY_STYLES, type Team, type TeamFormBody } from '../types';
import { NativeSelect } from './select';

const T = TEAM_TEXTS;

/** SPEC §5 Team create: name at least 3 characters; the rest optional; isRecruiting false in the form. */
export const teamFormSchema = z.object({
  name: z.string().trim().min(TEAM_NAME_MIN, T.nameMin).max(100),
  tagline: z.string().trim().max(200),
  description: z.string().trim().max(5000),
  location: z.string().trim().max(200),
  playStyle: z.union([z.literal(''), z.enum(PLAY_STYLES)]),
  isRecruiting: z.boolean(),
  logo: z.string(),
  banner: z.string(),
  colorTheme: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type TeamFormValues = z.infer<typeof teamFormSchema>;

const FIELDS = [
  'name',
  'tagline',
  'description',
  'location',
  'playStyle',
  'logo',
  'banner',
  'colorTheme',
] as const;

export const emptyTeamForm = (): TeamFormValues => ({
  name: '',
  tagline: '',
  description: '',
  location: '',
  playStyle: '',
  isRecruiting: false,
  logo: '',
  banner: '',
  colorTheme: DEFAULT_TEAM_COLOR,
});

export const teamFormValues = (team: Team): TeamFormValues => ({
  name: team.name,
  tagline: team.tagline ?? '',
  description: team.description ?? '',
  location: team.location ?? '',
  playStyle: team.playStyle ?? '',
  isRecruiting: team.isRecruiting,
  logo: team.logo ?? '',
  banner: team.banner ?? '',
  colorTheme: team.colorTheme || DEFAULT_TEAM_COLOR,
});

/** The body POST /api/teams and PATCH /api/teams/{id} take: empty texts as null. */
export const teamFormBody = (v: TeamFormValues): TeamFormBody => ({
  name: v.name,
  tagline: v.tagline || null,
  description: v.description || null,
  location: v.location || null,
  playStyle: v.playStyle || null,
  isRecruiting: v.isRecruiting,
  logo: v.logo || null,
  banner: v.banner || null,
  colorTheme: v.colorTheme,
});

/** A 409 says the name is taken: on the name field. Other field errors land on their fields. */
export function teamServerErrors(setError: UseFormSetError<TeamFormValues>) {
  return (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 409)
      setError('name', { type: 'server', message: error.serverMessage ?? T.nameTaken });
    else applyServerFieldErrors(error.fieldErrors, setError as never, FIELDS);
  };
}

/**
 * The team form of /teams/create and the Settings tab: name, tagline, description, location,
 * play style, recruiting, and logo, banner and colour (images through the upload flow).
 */
export function TeamForm({
  initial,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  footer,
}: {
  initial: TeamFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: TeamFormValues, setError: UseFormSetError<TeamFormValues>) => void;
  footer?: ReactNode;
}) {
  const ids = useId();
  const form = useForm<TeamFormValues>({ resolver: zodResolver(teamFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const { field, error } = fieldWiring<(typeof FIELDS)[number]>(ids, errors);
  const [uploading, setUploading] = useState(false);

  return (
    <form
      className="grid gap-5"
      noValidate
      aria-label={submitLabel}
      onSubmit={form.handleSubmit((values) => onSubmit(values, form.setError))}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-name`}>{T.name}</Label>
        <Input required maxLength={100} autoComplete="off" {...field('name')} {...form.register('name')} />
        {error('name')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-tagline`}>{T.tagline}</Label>
        <Input maxLength={200} {...field('tagline')} {...form.register('tagline')} />
        {error('tagline')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-description`}>{T.description}</Label>
        <Textarea rows={4} maxLength={5000} {...field('description')} {...form.register('description')} />
        {error('description')}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-location`}>{T.location}</Label>
          <Input maxLength={200} {...field('location')} {...form.register('location')} />
          {error('location')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-playStyle`}>{T.playStyle}</Label>
          <NativeSelect {...field('playStyle')} {...form.register('playStyle')}>
            <option value="">{T.noPlayStyle}</option>
            {PLAY_STYLES.map((style) => (
              <option key={style} value={style}>
                {PLAY_STYLE_LABELS[style]}
              </option>
            ))}
          </NativeSelect>
          {error('playStyle')}
        </div>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={`${ids}-isRecruiting`}
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register('isRecruiting')}
        />
        <Label htmlFor={`${ids}-isRecruiting`}>{T.isRecruiting}</Label>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <ImageField
          label={T.logo}
          uploadLabel={T.uploadLogo}
          value={form.watch('logo')}
          onChange={(v) => form.setValue('logo', v, { shouldDirty: true })}
          onBusyChange={setUploading}
          previewClassName="size-20 rounded-lg"
        />
        <ImageField
          label={T.banner}
          uploadLabel={T.uploadBanner}
          value={form.watch('banner')}
          onChange={(v) => form.setValue('banner', v, { shouldDirty: true })}
          onBusyChange={setUploading}
          previewClassName="h-20 w-full rounded-lg"
        />
      </div>
      <div className="flex items-center gap-3">
        <input
          id={`${ids}-colorTheme`}
          type="color"
          className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
          {...form.register('colorTheme')}
        />
        <Label htmlFor={`${ids}-colorTheme`}>{T.colorTheme}</Label>
        {error('colorTheme')}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {footer}
        <Button type="submit" disabled={pending || uploading}>
          <Save aria-hidden="true" />
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** One image of the team (logo or banner): a preview, Upload (one image, 25 MB) and Remove. */
function ImageField({
  label,
  uploadLabel,
  value,
  onChange,
  onBusyChange,
  previewClassName,
}: {
  label: string;
  uploadLabel: string;
  value: string;
  onChange: (value: string) => void;
  onBusyChange: (busy: boolean) => void;
  previewClassName: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {value ? (
        <RemoteImage address={value} alt={label} className={`${previewClassName} object-cover`} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <ImagePlus aria-hidden="true" />
          {uploadLabel}
        </Button>
        {value ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange('')}
            aria-label={`${T.removeImage} ${label}`}
          >
            <Trash2 aria-hidden="true" />
            {T.removeImage}
          </Button>
        ) : null}
      </div>
      <ImageUploader
        open={open}
        onOpenChange={setOpen}
        maxNumberOfFiles={1}
        onUploaded={onChange}
        onBusyChange={onBusyChange}
        note="One image, up to 25 MB"
      />
    </fieldset>
  );
}
