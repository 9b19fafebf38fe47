import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { invalidateAfterWrite, resources } from '../../lib/resources';
import type { TCrudDefinition, TRow, TSelectionAction } from './define';
import { toFormPageState } from './form-page-return';
import { notifyFailure, notifySuccess } from './notify';
import type { useCrudList } from './use-crud-list';

// What the maintenance screen's buttons do: open the form (or the form page), delete the selected
// row after a confirmation, run a selection action after its confirmation.

/**
 * A new item's start: with a choice filter that `fills` a field and a row chosen in it, the
 * fields' defaults and that row's id (a course's new intake); otherwise null (the defaults alone).
 */
function chosenStart(definition: TCrudDefinition, choice: string): TRow | null {
  const fills = definition.choiceFilter?.fills;
  if (!fills || !/^[1-9]\d*$/.test(choice)) return null;
  const defaults = (definition.form ?? []).filter((f) => f.defaultValue !== undefined);
  return {
    ...Object.fromEntries(defaults.map((f) => [f.name, f.defaultValue])),
    [fills]: Number(choice),
  } as TRow;
}

export function useCrudCommands(
  definition: TCrudDefinition,
  list: ReturnType<typeof useCrudList>,
  t: TFunction,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  /** undefined: closed; null: adding; a row: editing it. */
  const [formItem, setFormItem] = useState<TRow | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [pendingAction, setPendingAction] = useState<TSelectionAction | null>(null);
  const { selected } = list;

  const remove = useMutation({
    mutationFn: (id: number) => resources.delete(definition.base, id),
    onSuccess: async () => {
      notifySuccess(t, 'crud.alerts.deleted');
      list.forgetSelection();
      await invalidateAfterWrite(queryClient, definition.base);
    },
    onError: (error) => notifyFailure(t, 'crud.alerts.deleteFailed', error),
    onSettled: () => setConfirming(false),
  });

  const act = useMutation({
    mutationFn: ({ action, row }: { action: TSelectionAction; row: TRow }) => action.run(row),
    onSuccess: async (_answer, { action }) => {
      notifySuccess(t, action.done);
      await invalidateAfterWrite(queryClient, definition.base);
    },
    onError: (error, { action }) => notifyFailure(t, action.failed, error),
    onSettled: () => setPendingAction(null),
  });

  const { formPage, addFromSelection } = definition;
  // Add and Edit alike hand the form page the list's place (its address and state: filter, page),
  // so its way back opens the page that holds the row it saved (form-page-return.ts).
  const toFormPage = (search = '') =>
    navigate(`${formPage!.path}${search}`, { state: toFormPageState(location) });
  const openAdd = () => {
    if (formPage) toFormPage();
    else if (addFromSelection) {
      if (!selected) return notifyFailure(t, 'crud.alerts.selectToAdd');
      setFormItem(addFromSelection(selected) as TRow);
    } else setFormItem(chosenStart(definition, list.choice));
  };
  const openEdit = () => {
    if (!selected) return notifyFailure(t, 'crud.alerts.selectToEdit');
    if (formPage) toFormPage(`?${new URLSearchParams({ [formPage.idParam]: String(selected.id) })}`);
    else setFormItem(selected);
  };
  const askDelete = () => (selected ? setConfirming(true) : notifyFailure(t, 'crud.alerts.selectToDelete'));

  return {
    formItem,
    closeForm: () => setFormItem(undefined),
    openAdd,
    openEdit,
    askDelete,
    deletion: {
      opened: confirming,
      busy: remove.isPending,
      cancel: () => setConfirming(false),
      confirm: () => selected && remove.mutate(selected.id),
    },
    action: {
      pending: pendingAction,
      busy: act.isPending,
      ask: setPendingAction,
      cancel: () => setPendingAction(null),
      confirm: () => pendingAction && selected && act.mutate({ action: pendingAction, row: selected }),
    },
  };
}
