import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-states';
import type { TPagedList } from './use-paged-list';

type TPagedResultsProps<T> = {
  list: TPagedList<T>;
  /** The rows as a grid or as cards. */
  children: (rows: T[]) => ReactNode;
  /**
   * 'cards': a placeholder while the first page loads, an error with Try again instead of the
   * list, an empty state instead of an empty grid. 'grid': the grid stays in place in every state
   * (its columns do not jump), shows its own loading and empty texts, and a failed load empties it
   * (spec 8) with Try again beneath.
   */
  variant: 'cards' | 'grid';
  /** Shown while the first page loads ('cards'). */
  loading?: ReactNode;
  /** Shown for a loaded empty page ('cards'). */
  empty?: ReactNode;
  errorTitle?: string;
  /** The pager, shown once there is an answer. */
  pager?: ReactNode;
};

/** The one way a paged list shows its states: loading, error with retry, empty, rows, pager. */
export function PagedResults<T>({
  list,
  children,
  variant,
  loading,
  empty,
  errorTitle,
  pager,
}: TPagedResultsProps<T>) {
  const { t } = useTranslation('common');
  const error = list.isError ? (
    <LoadError title={errorTitle ?? t('list.loadFailedTitle')} error={list.error} onRetry={list.retry} />
  ) : null;
  if (variant === 'grid') {
    return (
      <>
        {children(list.rows)}
        {error}
        {pager}
      </>
    );
  }
  return (
    <>
      {list.isPending ? loading : (error ?? (list.rows.length === 0 ? empty : children(list.rows)))}
      {list.totalRows === undefined ? null : pager}
    </>
  );
}
