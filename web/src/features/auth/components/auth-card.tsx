import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

/** Login and registration with a toggle between the two (SPEC §2 /auth, §4). */
export function AuthCard() {
  // "Sign up again" (an expired registration link) opens the registration form.
  const opened = (useLocation().state as { mode?: string } | null)?.mode;
  const [mode, setMode] = useState<'login' | 'register'>(opened === 'register' ? 'register' : 'login');
  const isLogin = mode === 'login';
  return (
    <Card className="w-full max-w-md border-border/80 bg-card/95 shadow-xl">
      <CardHeader className="pb-4">
        <CardTitle className="text-2xl">{isLogin ? 'Welcome back' : 'Join the community'}</CardTitle>
        <CardDescription>
          {isLogin ? 'Sign in to your account to continue.' : 'Create your account and gear up.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLogin ? <LoginForm /> : <RegisterForm />}
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <button
            type="button"
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => setMode(isLogin ? 'register' : 'login')}
          >
            {isLogin ? "Don't have an account? Sign up" : 'Already have an account? Sign in'}
          </button>
        </p>
      </CardContent>
    </Card>
  );
}
