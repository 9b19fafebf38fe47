import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateKey } from '../../lib/i18n';
import { invalidateAfterWrite, resources } from '../../lib/resources';
import { PagedResults } from '../paged-list/paged-results';
import { ConfirmAction } from './confirm-action';
import { ConfirmDelete } from './confirm-delete';
import classes from './crud.module.css';
import { CrudDetails } from './crud-details';
import { CrudForm } from './crud-form';
import { CrudGrid } from './crud-grid';
import { CrudPager } from './crud-pager';
import { namespacesOf, type TCrudDefinition, type TRow, type TSelectionAction } from './define';
import { notifyFailure, notifySuccess } from './notify';
import { useCrudList } from './use-crud-list';

const ANY = '__any__';

/**
 * The one maintenance screen of spec 2.3 (admin catalogue and people lists, the agent's students):
 * title, name filter with Find and Clear, Add/Edit/Delete, a paged grid of 10, the pager, an
 * optional details panel and the modal form, all driven by `definition`.
 */
/** `intro`: a line under the title (e.g. the agent's own agent id). */
export function CrudScreen({ definition, intro }: { definition: TCrudDefinition; intro?: ReactNode }) {
  const namespaces = useMemo(() => namespacesOf(definition), [definition]);
  const { t } = useTranslation(namespaces);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useCrudList(definition);
  const [filterDraft, setFilterDraft] = useState(list.filterText);
  useEffect(() => setFilterDraft(list.filterText), [list.filterText]);
  /** undefined: closed; null: adding; a row: editing it. */
  const [formItem, setFormItem] = useState<TRow | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [pendingAction, setPendingAction] = useState<TSelectionAction | null>(null);
  const { add = true, edit = true, delete: canDelete = true } = definition.actions ?? {};
  const selected = list.selected;
  const title = translateKey(t, definition.title);
  const DetailsView = definition.detailsView;
  const filterOptions = definition.filter.options;
  const filterLabel = definition.filter.label ? translateKey(t, definition.filter.label) : t('filter.label');

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

  const find = (event: FormEvent) => {
    event.preventDefault();
    list.setFilter(filterDraft);
  };
  const clear = () => {
    setFilterDraft('');
    list.clear();
  };
  const choiceFilter = definition.choiceFilter;
  const fromSelection = definition.addFromSelection;
  const openAdd = () => {
    const page = definition.formPage;
    if (page) navigate(page.path);
    else if (fromSelection) {
      if (!selected) return notifyFailure(t, 'crud.alerts.selectToAdd');
      setFormItem(fromSelection(selected) as TRow);
    } else setFormItem(null);
  };
  const openEdit = () => {
    if (!selected) return notifyFailure(t, 'crud.alerts.selectToEdit');
    const page = definition.formPage;
    if (page) navigate(`${page.path}?${new URLSearchParams({ [page.idParam]: String(selected.id) })}`);
    else setFormItem(selected);
  };

  return (
    <Stack gap="md" className={classes.screen}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro}
      <div className={classes.toolbar}>
        <form className={classes.filter} onSubmit={find}>
          {filterOptions ? (
            // A choice applies at once: there is nothing to type, so no Find.
            <Select
              className={classes.filterSelect}
              label={filterLabel}
              // Mantine's Select treats '' as no value: the "every row" option travels as ANY.
              data={filterOptions.map((o) => ({ value: o.value || ANY, label: translateKey(t, o.label) }))}
              value={filterDraft || ANY}
              allowDeselect={false}
              onChange={(value) => {
                const chosen = !value || value === ANY ? '' : value;
                setFilterDraft(chosen);
                list.setFilter(chosen);
              }}
            />
          ) : (
            <>
              <TextInput
                className={classes.filterInput}
                label={filterLabel}
                value={filterDraft}
                onChange={(event) => setFilterDraft(event.currentTarget.value)}
              />
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                {t('filter.find')}
              </Button>
            </>
          )}
          {choiceFilter && (
            <Select
              className={classes.filterSelect}
              label={translateKey(t, choiceFilter.label)}
              data={choiceFilter.options.map((o) => ({
                value: o.value || ANY,
                label: translateKey(t, o.label),
              }))}
              value={list.choice || ANY}
              allowDeselect={false}
              onChange={(value) => list.setChoice(!value || value === ANY ? '' : value)}
            />
          )}
          <Button variant="default" onClick={clear} leftSection={<IconX size={16} aria-hidden />}>
            {t('filter.clear')}
          </Button>
        </form>
        <Group gap="sm">
          {add && (
            <Button
              variant="default"
              onClick={openAdd}
              disabled={fromSelection !== undefined && !selected}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('add')}
            </Button>
          )}
          {edit && (
            <Button
              variant="default"
              onClick={openEdit}
              disabled={!selected}
              leftSection={<IconEdit size={16} aria-hidden />}
            >
              {t('edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              variant="outline"
              color="red.9"
              onClick={() =>
                selected ? setConfirming(true) : notifyFailure(t, 'crud.alerts.selectToDelete')
              }
              disabled={!selected}
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              {t('delete')}
            </Button>
          )}
          {definition.selectionActions?.map((action) => {
            const Icon = action.icon;
            return (
              <Button
                key={action.label}
                variant="outline"
                color={action.color}
                onClick={() => setPendingAction(action)}
                disabled={!selected || (action.available ? !action.available(selected) : false)}
                leftSection={Icon ? <Icon size={16} aria-hidden /> : undefined}
              >
                {translateKey(t, action.label)}
              </Button>
            );
          })}
        </Group>
      </div>
      <PagedResults
        variant="grid"
        list={list.list}
        pager={
          <Group justify="space-between" gap="sm" wrap="wrap">
            {/* No count until the first answer: '0 items' while loading would be untrue. */}
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.list.totalRows === undefined ? '' : t('total', { count: list.list.totalRows })}
            </Text>
            <CrudPager page={list.list.page} lastPage={list.list.lastPage} onChange={list.setPage} />
          </Group>
        }
      >
        {(rows) => (
          <CrudGrid
            caption={title}
            columns={definition.columns}
            actions={definition.rowActions}
            rows={rows}
            selectedId={selected?.id ?? null}
            loading={list.list.isFetching}
            onToggle={list.toggle}
          />
        )}
      </PagedResults>
      {selected && DetailsView && <DetailsView row={selected} />}
      {selected && !DetailsView && definition.details && (
        <CrudDetails fields={definition.details} row={selected} />
      )}
      {formItem !== undefined && (
        <CrudForm
          definition={definition}
          item={formItem}
          onClose={() => setFormItem(undefined)}
          onSaved={(_saved, added) => {
            setFormItem(undefined);
            if (added) list.forgetSelection();
          }}
        />
      )}
      <ConfirmAction
        action={pendingAction}
        row={selected}
        busy={act.isPending}
        onCancel={() => setPendingAction(null)}
        onConfirm={() => pendingAction && selected && act.mutate({ action: pendingAction, row: selected })}
      />
      <ConfirmDelete
        opened={confirming}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => selected && remove.mutate(selected.id)}
      />
    </Stack>
  );
}

/** A route's page component for a definition; called once per definition module, at load. */
export function crudPage(definition: TCrudDefinition) {
  return function CrudPage() {
    return <CrudScreen definition={definition} />;
  };
}
