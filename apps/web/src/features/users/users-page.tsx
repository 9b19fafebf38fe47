import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudScreen } from '../../components/crud/crud-screen';
import { useSession } from '../auth';
import { usersDefinition } from './users';

/** `/Admin/Users`: the accounts, disabled and enabled by admins (SECURITY 19). */
export function UsersPage() {
  useTranslation('users'); // the screen's texts, loaded before it renders
  const { user } = useSession();
  const selfId = user?.userId ?? 0;
  const definition = useMemo(() => usersDefinition(selfId), [selfId]);
  return <CrudScreen definition={definition} />;
}
