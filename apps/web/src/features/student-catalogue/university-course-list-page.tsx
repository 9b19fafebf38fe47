// Picker failures are announced as notifications (spec 8); the shell has no app-wide host for them yet.
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { TUniversityCourse } from '@uniapply/shared';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useIntakeAvailability } from '../../components/intakes';
import { EmptyResults } from '../../components/paged-list/load-states';
import { PagedResults } from '../../components/paged-list/paged-results';
import { type TPagedList, usePagedList } from '../../components/paged-list/use-paged-list';
import { usePriceConversion } from '../../components/prices/use-price-conversion';
import { CourseCard } from './course-card';
import {
  buildCourseFilter,
  COURSE_PAGE_SIZE,
  countActiveFilters,
  EMPTY_COURSE_FILTER,
  readCourseFilter,
  readPage,
  type TCourseFilterValues,
  toId,
  writeCourseFilter,
} from './course-filter';
import { CourseFilters } from './course-filters';
import { CardGrid, Pager, SkeletonGrid } from './list-states';
import classes from './student-catalogue.module.css';

/**
 * The course list's filters and page from the address; a university id handed over in navigation
 * state (the university list's "Courses" link, spec 2.2) pre-selects that university and is then
 * written into the address (replacing this history entry), so the filter shows it, a reload keeps
 * it and clearing it is final.
 */
function useCourseListAddress() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const stateUniversityId = toId((location.state as { universityId?: unknown } | null)?.universityId);
  const urlValues = readCourseFilter(params);
  const values: TCourseFilterValues =
    stateUniversityId === null ? urlValues : { ...urlValues, universityId: stateUniversityId };
  const page = stateUniversityId === null ? readPage(params) : 1;

  useEffect(() => {
    if (stateUniversityId === null) return;
    setParams(writeCourseFilter({ ...readCourseFilter(params), universityId: stateUniversityId }), {
      replace: true,
      state: null,
    });
  }, [stateUniversityId, params, setParams]);

  return {
    values,
    page,
    // Any filter change starts again at page 1.
    change: (patch: Partial<TCourseFilterValues>) =>
      setParams((prev) => writeCourseFilter({ ...readCourseFilter(prev), ...patch }), { replace: true }),
    clear: () => setParams(writeCourseFilter(EMPTY_COURSE_FILTER), { replace: true }),
    goTo: (next: number, replace = false) =>
      setParams((prev) => writeCourseFilter(readCourseFilter(prev), next), { replace }),
  };
}

/**
 * Spec 2.4: university courses as cards with spec 7.2's filters, 10 to a page; each fee also in
 * the reader's currency, and the fee range compares those amounts (issue 20 item 1).
 */
export function UniversityCourseListPage() {
  // The price texts' namespace with the page's own: one wait before the first paint, not a second
  // one (a suspended filter form) while the address is being written.
  const { t } = useTranslation(['studentCatalogue', 'prices']);
  const address = useCourseListAddress();
  const prices = usePriceConversion();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const list = usePagedList<TUniversityCourse>({
    base: 'UniversityCourse',
    filter: buildCourseFilter(address.values, prices.currency),
    page: address.page,
    pageSize: COURSE_PAGE_SIZE,
    onPageOutOfRange: (last) => address.goTo(last, true),
  });
  const goToPage = (next: number) => {
    address.goTo(next);
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <Stack className={classes.page} gap="lg">
      <header className={classes.header}>
        <Title order={1}>{t('courses.title')}</Title>
        <Text c="dimmed" maw="44rem">
          {t('courses.subtitle')}
        </Text>
      </header>
      <CourseFilters
        values={address.values}
        onChange={address.change}
        onClear={address.clear}
        currency={prices.currency}
        onCurrencyChange={prices.setCurrency}
      />
      <CourseResults
        list={list}
        resultsRef={resultsRef}
        filtered={countActiveFilters(address.values) > 0}
        onClear={address.clear}
        onPage={goToPage}
        convert={prices.convert}
      />
    </Stack>
  );
}

type TResultsProps = {
  list: TPagedList<TUniversityCourse>;
  resultsRef: RefObject<HTMLHeadingElement | null>;
  filtered: boolean;
  onClear: () => void;
  onPage: (page: number) => void;
  convert: ReturnType<typeof usePriceConversion>['convert'];
};

function CourseResults({ list, resultsRef, filtered, onClear, onPage, convert }: TResultsProps) {
  const { t } = useTranslation('studentCatalogue');
  // The page's intakes in one call beside the cached list (issue 21 item 3).
  const intakes = useIntakeAvailability(list.rows.map((r) => r.id)).byCourse;
  const total = list.totalRows ?? 0;
  return (
    <>
      <Group justify="space-between" gap="xs" mih={24}>
        <Title order={2} size="h5" ref={resultsRef} tabIndex={-1} aria-live="polite">
          {list.totalRows === undefined ? '' : t('courses.count', { count: total })}
        </Title>
        {list.isFetching && !list.isPending ? <Loader size="xs" aria-hidden="true" /> : null}
      </Group>
      <PagedResults
        variant="cards"
        list={list}
        loading={<SkeletonGrid label={t('courses.loading')} />}
        errorTitle={t('courses.errorTitle')}
        empty={
          <EmptyResults
            title={t('courses.emptyTitle')}
            description={filtered ? t('courses.emptyFiltered') : t('courses.emptyAll')}
            action={
              filtered ? (
                <Button
                  variant="light"
                  leftSection={<IconFilterOff size={16} aria-hidden />}
                  onClick={onClear}
                >
                  {t('courses.clearFilters')}
                </Button>
              ) : null
            }
          />
        }
        pager={
          <Pager
            page={list.page}
            pageCount={list.lastPage}
            onChange={onPage}
            total={total}
            pageSize={COURSE_PAGE_SIZE}
          />
        }
      >
        {(rows) => (
          <CardGrid label={t('courses.listLabel')}>
            {rows.map((item) => (
              <CourseCard
                key={item.id}
                item={item}
                converted={convert(item.price, item.currency)}
                intakes={intakes.get(item.id)}
              />
            ))}
          </CardGrid>
        )}
      </PagedResults>
    </>
  );
}
