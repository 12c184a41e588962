import { PageContainer, PageTitle } from '@web/components/page';
import { AccountSecurityCard } from '@web/features/auth/components/account-security-card';
import { DeleteAccountCard } from '@web/features/auth/components/delete-account-card';
import { DataExportCard } from '@web/features/data-export/components/data-export-card';
import { CalendarFeedCard } from '@web/features/events/components/calendar-feed-card';
import { SavedSearchesCard } from '@web/features/events/find/saved-searches-card';
import { SignedWaiversCard } from '@web/features/game-day/components/signed-waivers-card';
import { GarageCard } from '@web/features/garage/garage-card';
import { NotificationSettingsCard } from '@web/features/notifications/components/notification-settings-card';
import { AvatarCard } from '@web/features/profiles/components/avatar-card';
import { ProfileForm } from '@web/features/profiles/components/profile-form';
import { useUser } from '@web/lib/auth';

/** /settings (protected): avatar, profile fields, password and sessions, notifications, the calendar feed, Download my data, and the Danger Zone. */
export function SettingsPage() {
  const { user } = useUser();
  if (!user) return null;
  return (
    <PageContainer className="max-w-3xl">
      <PageTitle title="Settings" description="Manage your profile and account." />
      <AvatarCard user={user} />
      <ProfileForm key={user.id} user={user} />
      <AccountSecurityCard />
      <NotificationSettingsCard />
      <CalendarFeedCard />
      <SavedSearchesCard />
      <SignedWaiversCard />
      <GarageCard />
      <DataExportCard />
      <DeleteAccountCard />
    </PageContainer>
  );
}
