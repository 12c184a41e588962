import { AUTH_CONFIRM_TEXTS } from '@contract/registration';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/api';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfirmRegistration } from '../api/confirm-registration';

/** Where "Sign up again" leads: /auth with its registration form open. */
export const SIGN_UP_AGAIN = { pathname: '/auth', state: { mode: 'register' } } as const;

/**
 * /auth/confirm?token=...: the mailed link. Posts the token once on load, whoever is signed in in
 * this browser (the link is not theirs to refuse); once the account is made the viewer is signed in
 * as it, and goes to the feed as registration does.
 * A link expired, used, or whose name was taken meanwhile shows why, with a way to sign up again.
 */
export function ConfirmRegistration() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmation = useConfirmRegistration();
  const sent = useRef(false);
  const { mutate } = confirmation;
  const navigate = useNavigate();
  useEffect(() => {
    // Once (a second render in development's StrictMode must not post again: the link is single-use).
    if (sent.current || !token) return;
    sent.current = true;
    mutate(token, { onSuccess: () => navigate('/', { replace: true }) });
  }, [token, mutate, navigate]);

  const failed = !token || confirmation.isError;
  return (
    <Card className="w-full max-w-md border-border/80 bg-card/95 shadow-xl">
      <CardHeader className="pb-4">
        <CardTitle className="text-2xl">
          {failed ? AUTH_CONFIRM_TEXTS.confirmFailed : AUTH_CONFIRM_TEXTS.confirming}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {failed ? (
          <div className="grid gap-4">
            <p role="alert" className="text-sm text-destructive">
              {token
                ? errorText(confirmation.error, AUTH_CONFIRM_TEXTS.confirmExpired)
                : AUTH_CONFIRM_TEXTS.confirmExpired}
            </p>
            <Button asChild size="lg" className="w-full">
              <Link to={SIGN_UP_AGAIN.pathname} state={SIGN_UP_AGAIN.state}>
                {AUTH_CONFIRM_TEXTS.signUpAgain}
              </Link>
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-6">
            <Spinner className="text-primary" label={AUTH_CONFIRM_TEXTS.confirming} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
