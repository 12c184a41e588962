import { AUTH_TEXTS, type CurrentUser, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@contract/auth';
import { z } from '@contract/messages';
import { BIO_MAX, LOCATION_MAX, PROFILE_TEXTS } from '@contract/profiles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useUpdateProfile } from '../api/update-profile';

/** The settings form: username is required (SPEC §5); bio and location are free text. */
export const profileFormSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Required')
    .min(USERNAME_MIN)
    .max(USERNAME_MAX)
    .regex(USERNAME_PATTERN, AUTH_TEXTS.usernameChars),
  bio: z.string().trim().max(BIO_MAX),
  location: z.string().trim().max(LOCATION_MAX),
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

const FIELDS = ['username', 'bio', 'location'] as const;

export function ProfileForm({ user }: { user: CurrentUser }) {
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { username: user.username, bio: user.bio ?? '', location: user.location ?? '' },
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();

  const onSubmit = (values: ProfileFormValues) =>
    update.mutate(
      { username: values.username, bio: values.bio || null, location: values.location || null },
      {
        onSuccess: (saved) => {
          form.reset({ username: saved.username, bio: saved.bio ?? '', location: saved.location ?? '' });
          toast({ title: PROFILE_TEXTS.profileUpdated });
        },
        onError: (error) => {
          if (error instanceof ApiError) applyServerFieldErrors(error.fieldErrors, form.setError, FIELDS);
        },
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How other players see you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <div className="grid gap-2">
            <Label htmlFor="settings-username">Username</Label>
            <Input
              id="settings-username"
              autoComplete="username"
              required
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'settings-username-error' : undefined}
              {...form.register('username')}
            />
            <FieldError id="settings-username-error">{errors.username?.message}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-bio">Bio</Label>
            <Textarea
              id="settings-bio"
              rows={4}
              placeholder="Role, loadout, home field..."
              aria-invalid={errors.bio ? true : undefined}
              {...form.register('bio')}
            />
            <FieldError>{errors.bio?.message}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-location">Location</Label>
            <Input
              id="settings-location"
              placeholder="City, State/Province"
              aria-invalid={errors.location ? true : undefined}
              {...form.register('location')}
            />
            <FieldError>{errors.location?.message}</FieldError>
          </div>
          <div>
            <Button type="submit" disabled={update.isPending}>
              <Save aria-hidden="true" />
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
