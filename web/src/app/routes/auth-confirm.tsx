import { ConfirmRegistration } from '@web/features/auth/components/confirm-registration';
import { Logo } from '../shell/logo';
import { ThemeToggle } from '../shell/theme-toggle';

/** /auth/confirm?token=...: the link mailed at registration (issue 24), on /auth's plain page. */
export function AuthConfirmPage() {
  return (
    <div className="min-h-screen bg-background">
      <main className="relative flex min-h-screen flex-col items-center justify-center px-4 pt-20 pb-12 sm:px-8">
        <div className="absolute inset-x-4 top-4 flex items-center justify-between sm:inset-x-8">
          <Logo />
          <ThemeToggle />
        </div>
        <ConfirmRegistration />
      </main>
    </div>
  );
}
