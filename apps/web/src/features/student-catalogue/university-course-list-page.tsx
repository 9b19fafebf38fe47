// Picker failures are announced as notifications (spec 8); the shell has no app-wide host for them yet.
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { TUniversityCourse } from '@uniapply/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyResults } from '../../components/paged-list/load-states';
import { PagedResults } from '../../components/paged-list/paged-results';
import { usePagedList } from '../../components/paged-list/use-paged-list';
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
 * Spec 2.4: university courses as cards with spec 7.2's filters, 10 to a page. The filters live in
 * the address; a university id handed over in navigation state (the university list's "Courses"
 * link, spec 2.2) pre-selects that university and is then written into the address.
 */
export function UniversityCourseListPage() {
  const { t } = useTranslation('studentCatalogue');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const stateUniversityId = toId((location.state as { universityId?: unknown } | null)?.universityId);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const urlValues = readCourseFilter(params);
  const values: TCourseFilterValues =
    stateUniversityId === null ? urlValues : { ...urlValues, universityId: stateUniversityId };
  const page = stateUniversityId === null ? readPage(params) : 1;
  const filter = buildCourseFilter(values);

  // Move the handed-over university into the address (replacing this history entry), so the
  // filter shows it, a reload keeps it and clearing it is final.
  useEffect(() => {
    if (stateUniversityId === null) return;
    setParams(writeCourseFilter({ ...readCourseFilter(params), universityId: stateUniversityId }), {
      replace: true,
      state: null,
    });
  }, [stateUniversityId, params, setParams]);

  const list = usePagedList<TUniversityCourse>({
    base: 'UniversityCourse',
    filter,
    page,
    pageSize: COURSE_PAGE_SIZE,
    onPageOutOfRange: (last) =>
      setParams((prev) => writeCourseFilter(readCourseFilter(prev), last), { replace: true }),
  });
  const total = list.totalRows ?? 0;

  // Any filter change starts again at page 1.
  const change = (patch: Partial<TCourseFilterValues>) =>
    setParams((prev) => writeCourseFilter({ ...readCourseFilter(prev), ...patch }), { replace: true });
  const clear = () => setParams(writeCourseFilter(EMPTY_COURSE_FILTER), { replace: true });

  const goToPage = (next: number) => {
    setParams((prev) => writeCourseFilter(readCourseFilter(prev), next));
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const filtered = countActiveFilters(values) > 0;

  return (
    <Stack className={classes.page} gap="lg">
      <header className={classes.header}>
        <Title order={1}>{t('courses.title')}</Title>
        <Text c="dimmed" maw="44rem">
          {t('courses.subtitle')}
        </Text>
      </header>
      <CourseFilters values={values} onChange={change} onClear={clear} />

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
                <Button variant="light" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={clear}>
                  {t('courses.clearFilters')}
                </Button>
              ) : null
            }
          />
        }
        pager={
          <Pager
            page={page}
            pageCount={list.lastPage}
            onChange={goToPage}
            total={total}
            pageSize={COURSE_PAGE_SIZE}
          />
        }
      >
        {(rows) => (
          <CardGrid label={t('courses.listLabel')}>
            {rows.map((item) => (
              <CourseCard key={item.id} item={item} />
            ))}
          </CardGrid>
        )}
      </PagedResults>
    </Stack>
  );
}
