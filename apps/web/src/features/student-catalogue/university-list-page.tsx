import { CloseButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PAGE_SIZE, simpleFilter, type TUniversity } from '@uniapply/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyResults } from '../../components/paged-list/load-states';
import { PagedResults } from '../../components/paged-list/paged-results';
import { usePagedList } from '../../components/paged-list/use-paged-list';
import { readPage } from './course-filter';
import { CardGrid, Pager, SkeletonGrid } from './list-states';
import classes from './student-catalogue.module.css';
import { UniversityCard } from './university-card';
import { useDebouncedText } from './use-debounced-text';

/** The search text and page from the address (?name=&page=), and the moves between them. */
function useUniversityAddress() {
  const [params, setParams] = useSearchParams();
  const name = params.get('name')?.trim() ?? '';
  const page = readPage(params);
  const setPage = (next: number, replace = false) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next > 1) p.set('page', String(next));
        else p.delete('page');
        return p;
      },
      { replace },
    );
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
  return { name, page, setPage, search };
}

/** Spec 2.4: the universities as cards, searchable by name and paged; ?name=&page= in the address. */
export function UniversityListPage() {
  const { t } = useTranslation('studentCatalogue');
  const { name, page, setPage, search } = useUniversityAddress();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const list = usePagedList<TUniversity>({
    base: 'University',
    filter: simpleFilter('name', 'CONTAINS', name),
    page,
    pageSize: PAGE_SIZE,
    // A page number beyond the end (an old link, rows removed meanwhile) shows the last page.
    onPageOutOfRange: (last) => setPage(last, true),
  });
  const total = list.totalRows ?? 0;
  const goToPage = (next: number) => {
    setPage(next);
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <Stack className={classes.page} gap="lg">
      <header className={classes.header}>
        <Title order={1}>{t('universities.title')}</Title>
        <Text c="dimmed" maw="44rem">
          {t('universities.subtitle')}
        </Text>
      </header>
      <UniversitySearch search={search} />
      <Group justify="space-between" gap="xs" mih={24}>
        <Title order={2} size="h5" ref={resultsRef} tabIndex={-1} aria-live="polite">
          {list.totalRows === undefined ? '' : t('universities.count', { count: total })}
        </Title>
        {list.isFetching && !list.isPending ? <Loader size="xs" aria-hidden="true" /> : null}
      </Group>
      <PagedResults
        variant="cards"
        list={list}
        loading={<SkeletonGrid label={t('universities.loading')} />}
        errorTitle={t('universities.errorTitle')}
        empty={
          <EmptyResults
            title={t('universities.emptyTitle')}
            description={name ? t('universities.emptySearch', { search: name }) : t('universities.emptyAll')}
          />
        }
        pager={
          <Pager
            page={page}
            pageCount={list.lastPage}
            onChange={goToPage}
            total={total}
            pageSize={PAGE_SIZE}
          />
        }
      >
        {(rows) => (
          <CardGrid label={t('universities.listLabel')}>
            {rows.map((u) => (
              <UniversityCard key={u.id} university={u} />
            ))}
          </CardGrid>
        )}
      </PagedResults>
    </Stack>
  );
}

function UniversitySearch({ search }: { search: ReturnType<typeof useDebouncedText> }) {
  const { t } = useTranslation('studentCatalogue');
  const clearSearch = () => {
    search.change('');
    search.flush();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet exposed as a landmark by every browser
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
  );
}
