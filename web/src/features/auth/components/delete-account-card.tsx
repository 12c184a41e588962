import { AUTH_TEXTS } from '@contract/auth';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../api/delete-account';

/** Settings' Danger Zone: deleting the account after a confirmation (SPEC §2 /settings). */
export function DeleteAccountCard() {
  const navigate = useNavigate();
  const { user } = useUser();
  const deletion = useDeleteAccount({
    onSuccess: () => {
      toast({ title: AUTH_TEXTS.accountDeleted });
      navigate('/auth');
    },
  });

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">Danger Zone</CardTitle>
        <CardDescription>
          Deleting your account removes your profile, posts and everything you shared.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" disabled={deletion.isPending}>
              <Trash2 aria-hidden="true" />
              Delete Account
            </Button>
          }
          title="Are you sure?"
          description="This will permanently delete your account and all your data."
          confirmLabel="Delete Account"
          requireText={user?.username ?? ''}
          onConfirm={() => deletion.mutate()}
        />
      </CardContent>
    </Card>
  );
}
