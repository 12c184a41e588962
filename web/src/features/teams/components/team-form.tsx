import {
  PLAY_STYLE_LABELS,
  PLAY_STYLES,
  TEAM_FORM_DEFAULTS,
  TEAM_LIMITS,
  TEAM_TEXTS,
  type Team,
  type TeamCreateInput,
  type TeamFormInput,
  teamForm,
} from '@contract/teams';
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
import type { z } from 'zod';
import { NativeSelect } from './select';

const T = TEAM_TEXTS;

/** The form's values: every text a string ('' for none), as the inputs hold them. */
export type TeamFormValues = {
  [K in keyof Required<TeamFormInput>]: K extends 'isRecruiting' ? boolean : string;
};
/** What the contract's form schema makes of them: the body POST /api/teams and PATCH take. */
export type TeamFormOutput = z.output<typeof teamForm>;

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

/** SPEC §5: isRecruiting starts false in the form (the data's default is true). */
export const emptyTeamForm = (): TeamFormValues => ({ ...TEAM_FORM_DEFAULTS });

export const teamFormValues = (team: Team): TeamFormValues => ({
  name: team.name,
  tagline: team.tagline ?? '',
  description: team.description ?? '',
  location: team.location ?? '',
  playStyle: team.playStyle ?? '',
  isRecruiting: team.isRecruiting,
  logo: team.logo ?? '',
  banner: team.banner ?? '',
  colorTheme: team.colorTheme || TEAM_FORM_DEFAULTS.colorTheme,
});

/** The body to send: empty texts are already null in the schema's output. */
export const teamFormBody = (v: TeamFormOutput): TeamCreateInput => v;

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
  onSubmit: (values: TeamFormOutput, setError: UseFormSetError<TeamFormValues>) => void;
  footer?: ReactNode;
}) {
  const ids = useId();
  const form = useForm<TeamFormValues, unknown, TeamFormOutput>({
    resolver: zodResolver(teamForm) as never,
    defaultValues: initial,
  });
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
        <Input
          required
          maxLength={TEAM_LIMITS.name}
          autoComplete="off"
          {...field('name')}
          {...form.register('name')}
        />
        {error('name')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-tagline`}>{T.tagline}</Label>
        <Input maxLength={TEAM_LIMITS.tagline} {...field('tagline')} {...form.register('tagline')} />
        {error('tagline')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-description`}>{T.description}</Label>
        <Textarea
          rows={4}
          maxLength={TEAM_LIMITS.description}
          {...field('description')}
          {...form.register('description')}
        />
        {error('description')}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-location`}>{T.location}</Label>
          <Input maxLength={TEAM_LIMITS.location} {...field('location')} {...form.register('location')} />
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
          <Button variant="ghost" size="sm" onClick={() => onChange('')} aria-label={`${T.remove} ${label}`}>
            <Trash2 aria-hidden="true" />
            {T.remove}
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
