import type { RegisterForm as RegisterValues } from '@contract/auth';
import { AUTH_CONFIRM_TEXTS } from '@contract/registration';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api';
import { applyServerFieldErrors, lazyZodResolver } from '@web/lib/form';
import { MailCheck, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isSignedInUser, useRegister } from '../api/register';
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
  // With mail configured, the answer is "check your email" (the same whether the address is known).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const cameBack = useRef(false);
  useEffect(() => {
    // Back from "Check your email": the email field, to type another address.
    if (sentTo === null && cameBack.current) form.setFocus('email');
  }, [sentTo, form]);
  const onSubmit = ({ username, email, password }: RegisterValues) =>
    registration.mutate(
      { username, email, password },
      {
        onSuccess: (answer) => {
          if (!isSignedInUser(answer)) setSentTo(email);
        },
        onError: (error) => {
          if (error instanceof ApiError) applyServerFieldErrors(error.fieldErrors, form.setError, FIELDS);
        },
      },
    );

  if (sentTo !== null)
    return (
      <CheckEmailPanel
        email={sentTo}
        onBack={() => {
          cameBack.current = true;
          setSentTo(null);
        }}
      />
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

/** After a 202: where the link went, and a way back to the form to use another address. */
function CheckEmailPanel({ email, onBack }: { email: string; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="grid gap-4 text-center" aria-labelledby="check-email-title">
      <MailCheck aria-hidden="true" className="mx-auto size-10 text-primary" />
      <h2 id="check-email-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {AUTH_CONFIRM_TEXTS.checkEmailTitle}
      </h2>
      <p role="status" className="text-sm text-muted-foreground">
        {AUTH_CONFIRM_TEXTS.checkEmailSentTo} <strong className="break-all text-foreground">{email}</strong>.
      </p>
      <p className="text-sm text-muted-foreground">{AUTH_CONFIRM_TEXTS.checkEmailHint}</p>
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={onBack}>
        {AUTH_CONFIRM_TEXTS.useAnotherAddress}
      </Button>
    </section>
  );
}
