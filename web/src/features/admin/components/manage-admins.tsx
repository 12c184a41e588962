import { ADMIN_TEXTS, type AdminUser } from '@contract/admin';
import { SEARCH_MIN_LENGTH } from '@contract/search';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { SEARCH_DEBOUNCE_MS } from '@web/lib/constants';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { ShieldCheck, ShieldOff, ShieldPlus, UserCog } from 'lucide-react';
import { useId, useState } from 'react';
import { useAdmins, usePlayerSearch, useSetUserRole } from '../api/admin-users';

/**
 * Manage Admins: the current admins with Revoke, and a player finder with Grant; each asks for a
 * confirmation naming the player first. The server decides (the last admin keeps the role: 409,
 * shown as the toast's text).
 */
export function ManageAdmins() {
  const { user: me } = useUser();
  const admins = useAdmins();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const found = usePlayerSearch(q);
  const searchId = useId();
  const setRole = useSetUserRole({
    onSuccess: (u) =>
      toast({
        title: u.role === 'admin' ? ADMIN_TEXTS.granted : ADMIN_TEXTS.revoked,
        description: u.username,
      }),
  });
  const pendingId = setRole.isPending ? setRole.variables?.id : undefined;
  // The change asked about; it stays while the dialog closes, so its text does not change then.
  const [asked, setAsked] = useState<{ user: AdminUser; role: 'admin' | 'user' } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ask = (user: AdminUser, role: 'admin' | 'user') => {
    setAsked({ user, role });
    setConfirming(true);
  };
  const granting = asked?.role === 'admin';

  const row = (u: AdminUser) => (
    <li key={u.id} className="flex items-center gap-3 py-2">
      <UserAvatar username={u.username} src={u.avatar} className="size-9" />
      <span className="min-w-0 flex-1 truncate font-medium">
        {u.username}
        {u.id === me?.id ? <span className="ml-2 text-sm text-muted-foreground">(you)</span> : null}
      </span>
      {u.role === 'admin' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={pendingId === u.id}
          onClick={() => ask(u, 'user')}
          aria-label={`Revoke admin role of ${u.username}`}
        >
          <ShieldOff aria-hidden="true" />
          Revoke
        </Button>
      ) : (
        <Button
          size="sm"
          disabled={pendingId === u.id}
          onClick={() => ask(u, 'admin')}
          aria-label={`Grant admin role to ${u.username}`}
        >
          <ShieldPlus aria-hidden="true" />
          Grant
        </Button>
      )}
    </li>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserCog className="size-5 text-primary" aria-hidden="true" />
          {ADMIN_TEXTS.manageAdmins}
        </CardTitle>
        <CardDescription>
          Admins moderate posts, manage blocked words and the site's content. The last admin keeps the role.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby={`${searchId}-admins`}>
          <h3 id={`${searchId}-admins`} className="mb-2 flex items-center gap-2 font-semibold">
            <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
            {ADMIN_TEXTS.currentAdmins}
          </h3>
          {admins.isLoading ? (
            <div className="grid gap-2" aria-busy="true">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : admins.isError ? (
            <p className="text-sm text-destructive">{ADMIN_TEXTS.fetchUsersFailed}</p>
          ) : (
            <ul className="divide-y divide-border">{admins.data?.map(row)}</ul>
          )}
        </section>
        <section aria-labelledby={`${searchId}-find`}>
          <h3 id={`${searchId}-find`} className="mb-2 font-semibold">
            {ADMIN_TEXTS.findPlayer}
          </h3>
          <Input
            id={searchId}
            aria-labelledby={`${searchId}-find`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Username (2 characters or more)"
            autoComplete="off"
          />
          {q.length >= SEARCH_MIN_LENGTH ? (
            found.isLoading ? (
              <Skeleton className="mt-3 h-9 w-full" />
            ) : found.isError ? (
              <p className="mt-3 text-sm text-destructive">{ADMIN_TEXTS.fetchUsersFailed}</p>
            ) : found.data && found.data.length > 0 ? (
              <ul className="mt-2 divide-y divide-border">{found.data.map(row)}</ul>
            ) : (
              <p className="mt-3 text-sm text-muted-foreground">{ADMIN_TEXTS.noMatches}</p>
            )
          ) : null}
        </section>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={asked ? ADMIN_TEXTS.confirmRole(asked.user.username, asked.role) : ''}
        description={granting ? ADMIN_TEXTS.confirmGrantDescription : ADMIN_TEXTS.confirmRevokeDescription}
        confirmLabel={granting ? ADMIN_TEXTS.makeAdmin : ADMIN_TEXTS.removeAdmin}
        confirmVariant={granting ? 'default' : 'destructive'}
        onConfirm={() => {
          if (asked) setRole.mutate({ id: asked.user.id, role: asked.role });
          setConfirming(false);
        }}
      />
    </Card>
  );
}
