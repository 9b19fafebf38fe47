import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { defineCrud, type TRenderContext, type TRow } from '../../components/crud/define';
import { api } from '../../lib/api';

const isDisabled = (row: TRow) => row.disabledAt !== null && row.disabledAt !== undefined;
const fullName = (row: TRow) => `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();

/**
 * SECURITY 19, the admin's Users screen: accounts filtered by name or e-mail, with Disable and
 * Enable after a confirmation. No Add, Edit or Delete: accounts come from sign-in and the role is
 * never changed here. `selfId` is the signed-in admin, who cannot disable themself.
 */
export function usersDefinition(selfId: number) {
  return defineCrud({
    base: 'User',
    title: 'users.title',
    filter: { field: 'search', operator: 'CONTAINS', label: 'users.filter' },
    personal: true,
    actions: { add: false, edit: false, delete: false },
    columns: [
      { path: 'name', label: 'users.fields.name', render: (row) => fullName(row), width: 2 },
      { path: 'email', label: 'users.fields.email', width: 2 },
      {
        path: 'role',
        label: 'users.fields.role',
        render: (row, { t }: TRenderContext) => t(`users:roles.${row.role}`),
      },
      {
        path: 'disabledAt',
        label: 'users.fields.status',
        render: (row, { t }: TRenderContext) =>
          t(isDisabled(row) ? 'users:status.disabled' : 'users:status.enabled'),
      },
    ],
    selectionActions: [
      {
        label: 'users.disable.button',
        icon: IconUserOff,
        color: 'red.9',
        available: (row) => !isDisabled(row) && row.id !== selfId,
        confirm: {
          title: 'users.disable.title',
          text: 'users.disable.text',
          params: (row) => ({ name: fullName(row) }),
        },
        run: (row) => api.post('/User/disable', { id: row.id }),
        done: 'users.disable.done',
        failed: 'users.disable.failed',
      },
      {
        label: 'users.enable.button',
        icon: IconUserCheck,
        available: isDisabled,
        confirm: {
          title: 'users.enable.title',
          text: 'users.enable.text',
          params: (row) => ({ name: fullName(row) }),
        },
        run: (row) => api.post('/User/enable', { id: row.id }),
        done: 'users.enable.done',
        failed: 'users.enable.failed',
      },
    ],
  });
}
