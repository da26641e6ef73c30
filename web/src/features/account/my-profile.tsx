import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { username } from '../../../../worker/contract/auth';
import { useErrorText } from '../../api/error-text';
import { api } from '../../api/endpoints';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { formatDate } from '../../ui/format';
import { useToast } from '../../ui/toast';
import { useSession } from '../auth/session';

export function MyProfile() {
  const { user, setUser } = useSession();
  const { t } = useLingui();
  const toast = useToast();
  const errorText = useErrorText();
  const [name, setName] = useState(user?.name ?? '');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (!user) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = username.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    if (parsed.data === user!.name) return setError(t`No changes detected`);
    setError(undefined);
    setPending(true);
    try {
      const updated = await api.updateMe(parsed.data);
      setUser(updated);
      setName(updated.name);
      toast.success(t`Profile updated`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-[220px_1fr]">
      <div className="card flex flex-col items-center gap-3 p-6 text-center">
        <img src={user.avatar ?? '/avatar-default.svg'} alt="" className="h-24 w-24 rounded-full object-cover ring-2 ring-violet-400/40" />
        <p className="font-semibold">{user.name}</p>
        <p className="text-xs text-zinc-400">{user.email}</p>
      </div>
      <form onSubmit={save} className="card flex flex-col gap-4 p-6" noValidate>
        <Field label={t`Username`} value={name} onChange={setName} error={error} inputProps={{ maxLength: 50 }} />
        <Field label={t`E-mail`} value={user.email} isReadOnly description={t`Your e-mail cannot be changed.`} />
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-zinc-500"><Trans>Signed in with</Trans></dt>
            <dd className="capitalize">{user.authProvider}</dd>
          </div>
          <div>
            <dt className="text-zinc-500"><Trans>Member since</Trans></dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </div>
        </dl>
        <Button type="submit" pending={pending} className="self-start">
          <Trans>Save</Trans>
        </Button>
      </form>
    </div>
  );
}
