import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/i18n';
import { PagedResults } from '../paged-list/paged-results';
import { ConfirmAction } from './confirm-action';
import { ConfirmDelete } from './confirm-delete';
import classes from './crud.module.css';
import { CrudDetails } from './crud-details';
import { CrudForm } from './crud-form';
import { CrudGrid } from './crud-grid';
import { CrudPager } from './crud-pager';
import { CrudActions, CrudFilterBar } from './crud-toolbar';
import { namespacesOf, type TCrudDefinition, type TRow } from './define';
import { useCrudCommands } from './use-crud-commands';
import { useCrudList } from './use-crud-list';
import { useKeepPlace } from './use-keep-place';

type TList = ReturnType<typeof useCrudList>;

/** The paged grid with its count and pager. */
function CrudList({
  definition,
  list,
  title,
  t,
}: {
  definition: TCrudDefinition;
  list: TList;
  title: string;
  t: TFunction;
}) {
  const paged = list.list;
  return (
    <PagedResults
      variant="grid"
      list={paged}
      pager={
        <Group justify="space-between" gap="sm" wrap="wrap">
          {/* No count until the first answer: '0 items' while loading would be untrue. */}
          <Text size="sm" c="dimmed" aria-live="polite">
            {paged.totalRows === undefined ? '' : t('total', { count: paged.totalRows })}
          </Text>
          <CrudPager
            page={paged.page}
            lastPage={paged.totalRows === undefined ? undefined : paged.lastPage}
            onChange={list.setPage}
          />
        </Group>
      }
    >
      {(rows) => (
        <CrudGrid
          caption={title}
          columns={definition.columns}
          actions={definition.rowActions}
          rows={rows}
          selectedId={list.selected?.id ?? null}
          loading={paged.isFetching}
          onToggle={list.toggle}
        />
      )}
    </PagedResults>
  );
}

/** The selected row's read-only details: the definition's own view, or its detail fields. */
function SelectedDetails({ definition, row }: { definition: TCrudDefinition; row: TRow | null }) {
  const DetailsView = definition.detailsView;
  if (!row) return null;
  if (DetailsView) return <DetailsView row={row} />;
  return definition.details ? <CrudDetails fields={definition.details} row={row} /> : null;
}

/**
 * The one maintenance screen of spec 2.3 (admin catalogue and people lists, the agent's students):
 * title, name filter with Find and Clear, Add/Edit/Delete, a paged grid of 10, the pager, an
 * optional details panel and the modal form, all driven by `definition`. After a save the grid
 * keeps the filter and opens the saved row's page (use-keep-place.ts).
 */
/** `intro`: a line under the title (e.g. the agent's own agent id). */
export function CrudScreen({ definition, intro }: { definition: TCrudDefinition; intro?: ReactNode }) {
  const namespaces = useMemo(() => namespacesOf(definition), [definition]);
  const { t } = useTranslation(namespaces);
  const list = useCrudList(definition);
  const commands = useCrudCommands(definition, list, t);
  const place = useKeepPlace(
    { base: definition.base, ...list, loaded: list.settled },
    `${list.filterText}\n${list.choice}`,
  );
  const title = translateKey(t, definition.title);
  const { selected } = list;

  return (
    <Stack gap="md" className={classes.screen}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro}
      <div className={classes.toolbar}>
        <CrudFilterBar definition={definition} list={list} t={t} />
        <CrudActions
          definition={definition}
          selected={selected}
          t={t}
          onAdd={commands.openAdd}
          onEdit={commands.openEdit}
          onDelete={commands.askDelete}
          onAction={commands.action.ask}
        />
      </div>
      {place.hidden && (
        <Alert
          role="status"
          color="yellow"
          withCloseButton
          onClose={place.dismiss}
          closeButtonLabel={t('common:closeNotification')}
        >
          {t('crud:alerts.savedHidden')}
        </Alert>
      )}
      <CrudList definition={definition} list={list} title={title} t={t} />
      <SelectedDetails definition={definition} row={selected} />
      {commands.formItem !== undefined && (
        <CrudForm
          definition={definition}
          item={commands.formItem}
          onClose={commands.closeForm}
          onSaved={(saved) => {
            commands.closeForm();
            void place.keepPlace(
              (saved?.id as number | undefined) ?? (commands.formItem?.id as number | undefined),
            );
          }}
        />
      )}
      <ConfirmAction
        action={commands.action.pending}
        row={selected}
        busy={commands.action.busy}
        onCancel={commands.action.cancel}
        onConfirm={commands.action.confirm}
      />
      <ConfirmDelete
        opened={commands.deletion.opened}
        busy={commands.deletion.busy}
        onCancel={commands.deletion.cancel}
        onConfirm={commands.deletion.confirm}
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
