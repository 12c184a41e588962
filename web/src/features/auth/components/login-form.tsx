import type { LoginBody } from '@contract/auth';
import { Button } from '@web/components/ui/button';
import { lazyZodResolver } from '@web/lib/form';
import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLogin } from '../api/login';
import { loadAuthSchemas, loadLoginSchema } from '../schemas';

const resolver = lazyZodResolver(loadLoginSchema);

import { Field } from './field';

export function LoginForm() {
  const form = useForm({ resolver, defaultValues: { username: '', password: '' } });
  useEffect(() => {
    void loadAuthSchemas();
  }, []);
  const { errors } = form.formState;
  const login = useLogin();
  const onSubmit = (values: LoginBody) => login.mutate(values);

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Field
        id="login-username"
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Field
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending}>
        <LogIn aria-hidden="true" />
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
