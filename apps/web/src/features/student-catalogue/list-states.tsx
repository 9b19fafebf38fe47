import { Pagination, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './student-catalogue.module.css';

// The card pieces both catalogue pages hand to the shared results component
// (components/paged-list): the card grid, its loading placeholder and the numbered pager.

export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.gridContainer}>
      {/* list-style: none removes list semantics in Safari; role="list" keeps them. */}
      {/* biome-ignore lint/a11y/noRedundantRoles: see above */}
      <ul className={classes.grid} aria-label={label} role="list">
        {children}
      </ul>
    </div>
  );
}

/** Placeholder cards in the shape of the real ones while the first page loads. */
export function SkeletonGrid({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div className={classes.gridContainer} aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <div className={classes.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className={classes.card}>
            <Skeleton height={72} radius={0} animate />
            <div className={classes.body}>
              <Skeleton height={22} width="70%" />
              <Skeleton height={12} />
              <Skeleton height={12} width="85%" />
              <Skeleton height={12} width="60%" />
              <Skeleton height={36} mt="md" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** First/previous/numbered/next/last pages (a compact "Page 2 of 5" on a phone); hidden when one page holds everything. */
export function Pager({
  page,
  pageCount,
  onChange,
  total,
  pageSize,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  total: number;
  pageSize: number;
}) {
  const { t } = useTranslation('studentCatalogue');
  if (pageCount <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Stack component="nav" aria-label={t('paging.label')} align="stretch" gap="xs">
      <Pagination
        total={pageCount}
        value={page}
        onChange={onChange}
        withEdges
        layout="responsive"
        formatLabel={({ page: current, totalPages }) => t('paging.of', { page: current, total: totalPages })}
        className={classes.pager}
        getItemProps={(p) => ({ 'aria-label': t('paging.page', { page: p }) })}
        getControlProps={(control) => ({ 'aria-label': t(`paging.${control}`) })}
      />
      <Text size="sm" c="dimmed" ta="center">
        {t('paging.range', { from, to, total })}
      </Text>
    </Stack>
  );
}
