import 'mantine-datatable/styles.layer.css';
import { Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/i18n';
import classes from './crud.module.css';
import { labelKey, type TDisplayField, type TRow, valueAt } from './define';
import { displayValue } from './display-value';

type TGridProps = {
  caption: string;
  columns: TDisplayField[];
  rows: TRow[];
  selectedId: number | null;
  loading: boolean;
  onToggle: (row: TRow) => void;
};

/** The paged grid: a click or Enter/Space on a row selects it; on the selected row, deselects it. */
export function CrudGrid({ caption, columns, rows, selectedId, loading, onToggle }: TGridProps) {
  const { t, i18n } = useTranslation(['crud', 'catalogue', 'enums']);
  const ctx = { t, language: i18n.language };
  const onKeyDown = (row: TRow) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onToggle(row);
  };
  // Columns share the width by their weights and keep it whatever the rows hold (table-layout:
  // fixed on wide screens), so nothing jumps when the first page arrives.
  const totalWeight = columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
  return (
    <DataTable<TRow>
      aria-label={caption}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={rows.length ? undefined : 180}
      // On a phone each row stays one line and the grid scrolls sideways in its own box.
      classNames={{ table: classes.table }}
      records={rows}
      idAccessor="id"
      columns={columns.map((column) => ({
        accessor: column.path,
        title: translateKey(t, labelKey(column)),
        width: `${(((column.width ?? 1) / totalWeight) * 100).toFixed(2)}%`,
        // Long texts (addresses) stay two lines in the grid; the Details panel shows them whole.
        render: (row: TRow) => (
          <span className={classes.cell}>
            {displayValue(column.render ? column.render(row, ctx) : valueAt(row, column.path))}
          </span>
        ),
      }))}
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
