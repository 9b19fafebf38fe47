import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TApplicationFormRow, type TPagedResult } from '@uniapply/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/resources';
import { ApplicationFormDetail, FORM_NAMESPACES } from './application-form-detail';
import { downloadApplicationPdf } from './downloads';

/**
 * A student's submitted applications, read-only (spec 6: an agent views them and downloads the
 * PDFs and files): course, university, the PDF, and the tabbed detail of the one shown (the first
 * at the start).
 */
export function StudentApplicationForms({ studentId }: { studentId: number }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const headingId = useId();
  const [shown, setShown] = useState<number | null | undefined>(undefined);
  const query = useStudentForms(studentId);
  const rows = query.data?.result ?? [];
  const open = shown === undefined ? (rows[0]?.id ?? null) : shown;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('applicationForms:student.title')}
        </Title>
        {query.isPending && <Text role="status">{t('applicationForms:loading')}</Text>}
        {query.isError && (
          <Text c="red.9" role="alert">
            {t('applicationForms:loadFailed', { message: query.error.message })}
          </Text>
        )}
        {query.isSuccess && rows.length === 0 && <Text c="dimmed">{t('applicationForms:student.none')}</Text>}
        {rows.length > 0 && <FormsTable rows={rows} open={open} onShow={setShown} />}
        {open !== null && rows.some((r) => r.id === open) && (
          <ApplicationFormDetail id={open} headingOrder={3} />
        )}
      </Stack>
    </Paper>
  );
}

/** Every submitted application of the student (one page holds them all). */
function useStudentForms(studentId: number) {
  return useQuery({
    queryKey: [...resourceKeys.lists('ApplicationForm'), 'student', studentId],
    queryFn: ({ signal }) =>
      api.post<TPagedResult<TApplicationFormRow>>(
        '/ApplicationForm/getListByPage',
        {
          filter: {
            operator: 'AND',
            conditions: [{ field: 'studentId', operator: 'EQ', value: studentId }],
            groups: [],
          },
          page: 0,
          pageSize: MAX_PAGE_SIZE,
        },
        { signal },
      ),
  });
}

/** Course, university, the PDF and Show/Hide of the detail, one row per application. */
function FormsTable({
  rows,
  open,
  onShow,
}: {
  rows: TApplicationFormRow[];
  open: number | null;
  onShow: (id: number | null) => void;
}) {
  const { t } = useTranslation(FORM_NAMESPACES);
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('applicationForms:columns.course')}</Table.Th>
            <Table.Th>{t('applicationForms:columns.university')}</Table.Th>
            <Table.Th>{t('crud:actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isOpen = open === row.id;
            return (
              <Table.Tr key={row.id}>
                <Table.Td>{row.course.name}</Table.Td>
                <Table.Td>{row.university.name}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('applicationForms:downloadPdf', { fullName: row.fullName })}
                      onClick={() => downloadApplicationPdf(t, row)}
                    >
                      <IconFileTypePdf size={18} aria-hidden />
                    </ActionIcon>
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-expanded={isOpen}
                      aria-label={t(`applicationForms:student.${isOpen ? 'hideNamed' : 'showNamed'}`, {
                        course: row.course.name,
                      })}
                      onClick={() => onShow(isOpen ? null : row.id)}
                    >
                      {t(`applicationForms:student.${isOpen ? 'hide' : 'show'}`)}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
