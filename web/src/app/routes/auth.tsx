import { AuthCard } from '@web/features/auth/components/auth-card';
import { MarketingPanel } from '@web/features/auth/components/marketing-panel';
import { Logo } from '../shell/logo';
import { ThemeToggle } from '../shell/theme-toggle';

/** /auth: the marketing panel beside the login/registration card. */
export function AuthPage() {
  return (
    <div className="grid min-h-screen bg-background lg:grid-cols-[1.1fr_1fr]">
      <MarketingPanel />
      <main className="relative order-first flex flex-col items-center justify-center px-4 pt-20 pb-12 sm:px-8 lg:order-none lg:py-16">
        <div className="absolute inset-x-4 top-4 flex items-center justify-between sm:inset-x-8">
          <Logo />
          <ThemeToggle />
        </div>
        <AuthCard />
      </main>
    </div>
  );
}
