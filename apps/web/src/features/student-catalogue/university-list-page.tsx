import { CloseButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PAGE_SIZE } from '@uniapply/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUniversityPage } from './api';
import { readPage } from './course-filter';
import { CardGrid, EmptyResults, LoadError, Pager, SkeletonGrid } from './list-states';
import classes from './student-catalogue.module.css';
import { UniversityCard } from './university-card';
import { useDebouncedText } from './use-debounced-text';

/** Spec 2.4: the universities as cards, searchable by name and paged; ?name=&page= in the address. */
export function UniversityListPage() {
  const { t } = useTranslation('studentCatalogue');
  const [params, setParams] = useSearchParams();
  const name = params.get('name')?.trim() ?? '';
  const page = readPage(params);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const search = useDebouncedText(name, (value) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value.trim()) next.set('name', value.trim());
        else next.delete('name');
        next.delete('page'); // a new search starts at page 1
        return next;
      },
      { replace: true },
    ),
  );

  const query = useUniversityPage(name, page, PAGE_SIZE);
  const total = query.data?.totalRows ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const goToPage = (next: number) => {
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next > 1) p.set('page', String(next));
      else p.delete('page');
      return p;
    });
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  // A page number beyond the end (an old link, rows removed meanwhile) shows the last page.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && page > pageCount) {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (pageCount > 1) p.set('page', String(pageCount));
          else p.delete('page');
          return p;
        },
        { replace: true },
      );
    }
  }, [query.data, query.isPlaceholderData, page, pageCount, setParams]);

  const clearSearch = () => {
    search.change('');
    search.flush();
  };

  return (
    <Stack className={classes.page} gap="lg">
      <header className={classes.header}>
        <Title order={1}>{t('universities.title')}</Title>
        <Text c="dimmed" maw="44rem">
          {t('universities.subtitle')}
        </Text>
      </header>

      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet exposed as a landmark by every browser */}
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search.flush();
        }}
      >
        <TextInput
          label={t('universities.search')}
          placeholder={t('universities.searchPlaceholder')}
          value={search.text}
          onChange={(event) => search.change(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            search.text ? (
              <CloseButton aria-label={t('universities.clearSearch')} onClick={clearSearch} size="sm" />
            ) : null
          }
          maw="32rem"
          size="md"
          type="search"
          autoComplete="off"
        />
      </form>

      <Group justify="space-between" gap="xs" mih={24}>
        <Title order={2} size="h5" ref={resultsRef} tabIndex={-1} aria-live="polite">
          {query.data ? t('universities.count', { count: total }) : ''}
        </Title>
        {query.isFetching && query.data ? <Loader size="xs" aria-hidden="true" /> : null}
      </Group>

      {query.isPending ? (
        <SkeletonGrid label={t('universities.loading')} />
      ) : query.isError ? (
        <LoadError
          title={t('universities.errorTitle')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.result.length === 0 ? (
        <EmptyResults
          title={t('universities.emptyTitle')}
          description={name ? t('universities.emptySearch', { search: name }) : t('universities.emptyAll')}
        />
      ) : (
        <CardGrid label={t('universities.listLabel')}>
          {query.data.result.map((u) => (
            <UniversityCard key={u.id} university={u} />
          ))}
        </CardGrid>
      )}

      {query.data ? (
        <Pager page={page} pageCount={pageCount} onChange={goToPage} total={total} pageSize={PAGE_SIZE} />
      ) : null}
    </Stack>
  );
}
