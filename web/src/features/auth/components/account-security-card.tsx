import { AUTH_TEXTS, type ChangePasswordForm } from '@contract/auth';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api';
import { applyServerFieldErrors, lazyZodResolver } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { KeyRound, LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useChangePassword } from '../api/change-password';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { loadChangePasswordSchema } from '../schemas';
import { Field } from './field';

const resolver = lazyZodResolver(loadChangePasswordSchema);
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings: change the password (the current one required), and sign out everywhere else. */
export function AccountSecurityCard() {
  const form = useForm<ChangePasswordForm>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const change = useChangePassword({
    onSuccess: () => {
      form.reset(EMPTY);
      toast({ title: AUTH_TEXTS.passwordChanged });
    },
    onError: (error) => {
      if (error instanceof ApiError)
        applyServerFieldErrors(error.fieldErrors, form.setError as never, ['currentPassword', 'newPassword']);
    },
  });
  const revoke = useRevokeOtherSessions({
    onSuccess: () => toast({ title: AUTH_TEXTS.otherSessionsRevoked }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password and sessions</CardTitle>
        <CardDescription>Changing your password signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form
          className="grid gap-4 sm:max-w-md"
          noValidate
          aria-label="Change password"
          onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
            change.mutate({ currentPassword, newPassword }),
          )}
        >
          <Field
            id="current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <Field
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <Field
            id="confirm-new-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <div>
            <Button type="submit" disabled={change.isPending}>
              <KeyRound aria-hidden="true" />
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-6">
          <p className="text-sm text-muted-foreground">Signed in on a shared or lost device?</p>
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={revoke.isPending}>
                <LogOut aria-hidden="true" />
                Sign out everywhere else
              </Button>
            }
            title="Sign out everywhere else?"
            description="Every other device and browser signed in to your account is signed out. This one stays signed in."
            confirmLabel="Sign out everywhere else"
            onConfirm={() => revoke.mutate()}
          />
        </div>
      </CardContent>
    </Card>
  );
}
