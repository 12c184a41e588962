import { SIDE_TEXTS } from '@contract/sides';
import { TEAM_TEXTS } from '@contract/teams';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useTeamApplications } from '../api/applications';
import type { Team } from '../types';
import { ManageApplications } from './manage-applications';
import { ManageGallery } from './manage-gallery';
import { ManageInvites } from './manage-invites';
import { ManageMembers } from './manage-members';
import { ManageSettings } from './manage-settings';

const T = TEAM_TEXTS;

/**
 * The management tabs (SPEC §2 /teams/{teamId}/manage): Settings, Members, Applications with
 * their count, Invites and Gallery. Each tab shows what the viewer's abilities allow (the leader
 * all of it; co-leaders the roster read-only with removals, and the applications).
 */
export function TeamManager({
  team,
  onDisbanded,
  createEvent,
}: {
  team: Team;
  onDisbanded: () => void;
  /** The events feature's form for an event hosted by the team (composed by the page, issue 25). */
  createEvent?: React.ReactNode;
}) {
  const can = team.abilities;
  const applications = useTeamApplications(team.id, can.canRespondApplications);
  const count = applications.data?.length;
  const showSettings = can.canEdit || can.canTransfer || can.canDisband;
  return (
    <Tabs defaultValue={showSettings ? 'settings' : 'members'} className="space-y-4">
      <div className="-mx-1 overflow-x-auto px-1 pb-1">
        <TabsList aria-label={T.manageTeam}>
          {showSettings ? <TabsTrigger value="settings">{T.settingsTab}</TabsTrigger> : null}
          <TabsTrigger value="members">{T.membersSection}</TabsTrigger>
          {can.canRespondApplications ? (
            <TabsTrigger value="applications">
              {T.applicationsTab}{' '}
              <span
                className="ml-1.5 rounded-full bg-primary/15 px-1.5 text-xs font-semibold text-primary"
                data-testid="applications-count"
              >
                {count ?? 0}
              </span>
            </TabsTrigger>
          ) : null}
          {can.canInvite ? <TabsTrigger value="invites">{T.invitesTab}</TabsTrigger> : null}
          <TabsTrigger value="gallery">{T.galleryTab}</TabsTrigger>
          {can.canManage && createEvent ? (
            <TabsTrigger value="events">{SIDE_TEXTS.createEvent}</TabsTrigger>
          ) : null}
        </TabsList>
      </div>
      {showSettings ? (
        <TabsContent value="settings">
          <ManageSettings team={team} onDisbanded={onDisbanded} />
        </TabsContent>
      ) : null}
      <TabsContent value="members">
        <ManageMembers team={team} />
      </TabsContent>
      {can.canRespondApplications ? (
        <TabsContent value="applications">
          <ManageApplications teamId={team.id} applications={applications} />
        </TabsContent>
      ) : null}
      {can.canInvite ? (
        <TabsContent value="invites">
          <ManageInvites teamId={team.id} />
        </TabsContent>
      ) : null}
      <TabsContent value="gallery">
        <ManageGallery teamId={team.id} canEdit={can.canEditGallery} />
      </TabsContent>
      {/* Issue 25: the leader and co-leaders create events hosted by the team, public at once. */}
      {can.canManage && createEvent ? (
        <TabsContent value="events" className="space-y-2">
          <p className="text-sm text-muted-foreground">{SIDE_TEXTS.createEventHint}</p>
          {createEvent}
        </TabsContent>
      ) : null}
    </Tabs>
  );
}
