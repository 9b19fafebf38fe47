import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Group, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateKey } from '../../lib/i18n';
import classes from './crud.module.css';
import {
  labelKey,
  type TDisplayField,
  type TRenderContext,
  type TRow,
  type TRowAction,
  valueAt,
} from './define';
import { GridText } from './grid-text';

type TGridProps = {
  caption: string;
  columns: TDisplayField[];
  /** Buttons in a last Actions column. */
  actions?: TRowAction[];
  rows: TRow[];
  selectedId: number | null;
  loading: boolean;
  onToggle: (row: TRow) => void;
};

/** A row's action buttons; a tap on one does not select or deselect the row. */
function RowActions({ actions, row, ctx }: { actions: TRowAction[]; row: TRow; ctx: TRenderContext }) {
  return (
    <Group gap={4} wrap="nowrap" className={classes.actions}>
      {actions.map((action) => {
        const name = translateKey(ctx.t, action.label, row);
        const stop = (event: MouseEvent) => event.stopPropagation();
        return action.to ? (
          <ActionIcon
            key={action.label}
            variant="subtle"
            component={Link}
            to={action.to(row)}
            aria-label={name}
            onClick={stop}
          >
            {action.icon}
          </ActionIcon>
        ) : (
          <ActionIcon
            key={action.label}
            variant="subtle"
            aria-label={name}
            onClick={(event) => {
              stop(event);
              void action.onClick?.(row, ctx);
            }}
          >
            {action.icon}
          </ActionIcon>
        );
      })}
    </Group>
  );
}

/**
 * The grid's columns. Columns share the width by their weights and keep it whatever the rows hold
 * (table-layout: fixed on wide screens), so nothing jumps when the first page arrives. Each cell
 * carries its column's title (`data-label`): on a phone a row is a card of label–value lines.
 */
function gridColumns(columns: TDisplayField[], actions: TRowAction[], ctx: TRenderContext) {
  const { t } = ctx;
  const totalWeight = columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
  const labelled = (title: string) => () => ({ 'data-label': title });
  const shown: DataTableColumn<TRow>[] = columns.map((column) => {
    const title = translateKey(t, labelKey(column));
    return {
      accessor: column.path,
      title,
      width: `${(((column.width ?? 1) / totalWeight) * 100).toFixed(2)}%`,
      customCellAttributes: labelled(title),
      render: (row: TRow) => (
        <GridText value={column.render ? column.render(row, ctx) : valueAt(row, column.path)} />
      ),
    };
  });
  if (!actions.length) return shown;
  const title = t('crud:actions');
  return shown.concat({
    accessor: '__actions',
    title,
    // Wide enough for its title in every language ("Действия").
    width: `${Math.max(6.5, actions.length * 2.5 + 1.5)}rem`,
    customCellAttributes: labelled(title),
    render: (row: TRow) => <RowActions actions={actions} row={row} ctx={ctx} />,
  });
}

/** The paged grid: a click or Enter/Space on a row selects it; on the selected row, deselects it. */
export function CrudGrid({
  caption,
  columns,
  actions = [],
  rows,
  selectedId,
  loading,
  onToggle,
}: TGridProps) {
  const { t, i18n } = useTranslation(['crud', 'catalogue', 'enums']);
  const ctx = { t, language: i18n.language };
  const onKeyDown = (row: TRow) => (event: KeyboardEvent) => {
    // Keys on a button inside the row (a row action) are the button's.
    if (event.target !== event.currentTarget) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onToggle(row);
  };
  return (
    <DataTable<TRow>
      aria-label={caption}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={rows.length ? undefined : 180}
      // The grid's box is a named region a keyboard can reach (Tab, then the arrow keys scroll it),
      // also when no row in it can take the focus (axe's scrollable-region-focusable; issue 18 item 16).
      classNames={{ root: classes.grid, table: classes.table }}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption },
      }}
      records={rows}
      idAccessor="id"
      columns={gridColumns(columns, actions, ctx)}
      fetching={loading}
      customLoader={
        <Text role="status" fw={600} className={classes.loading}>
          {t('crud:loading')}
        </Text>
      }
      // The empty text exists only for an empty, loaded list: mantine-datatable would otherwise keep
      // its own 'No records' text in the page, merely transparent, under every full grid.
      emptyState={
        rows.length > 0 || loading ? (
          <span />
        ) : (
          <Text role="status" size="sm" c="dimmed">
            {t('crud:noData')}
          </Text>
        )
      }
      onRowClick={({ record }) => onToggle(record)}
      rowClassName={(row) => (row.id === selectedId ? classes.selectedRow : classes.row)}
      customRowAttributes={(row) => ({
        tabIndex: 0,
        'aria-selected': row.id === selectedId,
        onKeyDown: onKeyDown(row),
      })}
    />
  );
}
