import type { RegisterForm as RegisterValues } from '@contract/auth';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api';
import { applyServerFieldErrors, lazyZodResolver } from '@web/lib/form';
import { UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useRegister } from '../api/register';
import { loadAuthSchemas, loadRegisterSchema } from '../schemas';

const resolver = lazyZodResolver(loadRegisterSchema);

import { Field } from './field';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

export function RegisterForm() {
  const form = useForm({
    resolver,
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  useEffect(() => {
    void loadAuthSchemas();
  }, []);
  const { errors } = form.formState;
  const registration = useRegister();
  const onSubmit = ({ username, email, password }: RegisterValues) =>
    registration.mutate(
      { username, email, password },
      {
        onError: (error) => {
          if (error instanceof ApiError) applyServerFieldErrors(error.fieldErrors, form.setError, FIELDS);
        },
      },
    );

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Field
        id="register-username"
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={registration.isPending}>
        <UserPlus aria-hidden="true" />
        {registration.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
