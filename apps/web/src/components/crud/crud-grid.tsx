import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Group, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/i18n';
import classes from './crud.module.css';
import { labelKey, type TDisplayField, type TRow, type TRowAction, valueAt } from './define';
import { displayValue } from './display-value';

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
  // Columns share the width by their weights and keep it whatever the rows hold (table-layout:
  // fixed on wide screens), so nothing jumps when the first page arrives.
  const totalWeight = columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
  const actionsColumn = actions.length
    ? [
        {
          accessor: '__actions',
          title: t('crud:actions'),
          // Wide enough for its title in every language ("Действия").
          width: `${Math.max(6.5, actions.length * 2.5 + 1.5)}rem`,
          render: (row: TRow) => (
            <Group gap={4} wrap="nowrap">
              {actions.map((action) => (
                <ActionIcon
                  key={action.label}
                  variant="subtle"
                  aria-label={translateKey(t, action.label, row)}
                  onClick={(event) => {
                    event.stopPropagation(); // the action does not select or deselect the row
                    void action.onClick(row, ctx);
                  }}
                >
                  {action.icon}
                </ActionIcon>
              ))}
            </Group>
          ),
        },
      ]
    : [];
  return (
    <DataTable<TRow>
      aria-label={caption}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={rows.length ? undefined : 180}
      // On a phone each row stays one line and the grid scrolls sideways in its own box. That box is
      // a named region a keyboard can reach (Tab, then the arrow keys scroll it), also when no row
      // in it can take the focus (axe's scrollable-region-focusable; issue 18 item 16).
      classNames={{ root: classes.grid, table: classes.table }}
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption },
      }}
      records={rows}
      idAccessor="id"
      columns={columns
        .map((column) => ({
          accessor: column.path,
          title: translateKey(t, labelKey(column)),
          width: `${(((column.width ?? 1) / totalWeight) * 100).toFixed(2)}%`,
          // Long texts (addresses) stay two lines in the grid; the Details panel shows them whole.
          render: (row: TRow) => (
            <span className={classes.cell}>
              {displayValue(column.render ? column.render(row, ctx) : valueAt(row, column.path))}
            </span>
          ),
        }))
        .concat(actionsColumn)}
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
