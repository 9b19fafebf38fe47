import { ActionIcon, Alert, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  applicationFullName,
  COUNTRIES,
  GENDERS,
  joinPassport,
  LANGUAGE_TYPES,
  QUALIFICATION_TYPES,
  RELATIONSHIP_OTHER,
  RELATIONSHIPS,
  type TApplicationForm,
  type TFileRef,
} from '@uniapply/shared';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { downloadStoredFile } from './downloads';

// The read-only tabbed detail of one application form (spec 2.3): Personal, Guardian, Emergency,
// Qualifications, Languages, Experience and Documents; enum values as labels in the user's
// language; stored files with download buttons, 'No file uploaded' when there is none.

export const FORM_NAMESPACES = ['applicationForms', 'wizard', 'wizardForm', 'enums', 'common'] as const;

export const applicationFormKey = (id: number) => ['resource', 'ApplicationForm', 'detail', id] as const;

type TField = [label: string, value: ReactNode];

function Fields({ fields }: { fields: TField[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="sm" m={0}>
      {fields.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '–' : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function enumLabel(t: TFunction, list: readonly string[], group: string, index: number | null | undefined) {
  return index === null || index === undefined || !list[index] ? '' : t(`enums:${group}.${list[index]}`);
}

/** Parent, Sibling, Cousin, or the free text of Other. */
function relationshipLabel(t: TFunction, contact: { relationship: number; others: string | null }) {
  return contact.relationship === RELATIONSHIP_OTHER && contact.others
    ? contact.others
    : enumLabel(t, RELATIONSHIPS, 'relationships', contact.relationship);
}

/** A stored file's name with its download button, or 'No file uploaded'. */
function FileLink({ file, what }: { file: TFileRef | null; what: string }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  if (!file)
    return (
      <Text span c="dimmed">
        {t('applicationForms:noFile')}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <Text span style={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </Text>
      <ActionIcon
        variant="subtle"
        aria-label={t('applicationForms:downloadFile', { what, name: file.name })}
        onClick={() => downloadStoredFile(t, file)}
      >
        <IconDownload size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

function Cards({ children, empty }: { children: ReactNode[]; empty: string }) {
  if (children.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <Stack gap="sm">{children}</Stack>;
}

function Missing() {
  const { t } = useTranslation(FORM_NAMESPACES);
  return <Text c="dimmed">{t('applicationForms:notGiven')}</Text>;
}

/** The tabs of one loaded application form. */
export function ApplicationFormTabs({ form }: { form: TApplicationForm }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const f = (name: string) => t(`wizard:fields.${name}`);
  const s = form.studentInfo;
  const g = form.guardian;
  const e = form.emergencyContact;
  const tab = (name: string) => t(`applicationForms:tabs.${name}`);
  return (
    <Tabs defaultValue="personal" keepMounted={false}>
      <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
        {['personal', 'guardian', 'emergency', 'qualifications', 'languages', 'experience', 'documents'].map(
          (name) => (
            <Tabs.Tab key={name} value={name}>
              {tab(name)}
            </Tabs.Tab>
          ),
        )}
      </Tabs.List>
      <Tabs.Panel value="personal" pt="md">
        <Fields
          fields={[
            [f('firstName'), s.firstName],
            [f('middleName'), s.middleName],
            [f('lastName'), s.lastName],
            [f('passport'), joinPassport(s)],
            [f('dateOfBirth'), String(s.dateOfBirth ?? '').slice(0, 10)],
            [f('gender'), enumLabel(t, GENDERS, 'genders', s.gender)],
            [f('address'), s.address],
            [f('city'), s.city],
            [f('country'), enumLabel(t, COUNTRIES, 'countries', s.country)],
            [f('postCode'), s.postCode],
            [f('race'), s.race],
            [f('email'), s.email],
            [f('phoneNumber'), s.phoneNumber],
            [f('mobileNumber'), s.mobileNumber],
          ]}
        />
      </Tabs.Panel>
      <Tabs.Panel value="guardian" pt="md">
        {g ? (
          <Fields
            fields={[
              [f('firstName'), g.firstName],
              [f('middleName'), g.middleName],
              [f('lastName'), g.lastName],
              [f('relationship'), relationshipLabel(t, g)],
              [f('occupation'), g.occupation],
              [f('address'), g.address],
              [f('email'), g.email],
              [f('phoneNumber'), g.phoneNumber],
              [f('mobileNumber'), g.mobileNumber],
            ]}
          />
        ) : (
          <Missing />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="emergency" pt="md">
        {e ? (
          <Fields
            fields={[
              [f('firstName'), e.firstName],
              [f('middleName'), e.middleName],
              [f('lastName'), e.lastName],
              [f('relationship'), relationshipLabel(t, e)],
              [f('phoneNumber'), e.phoneNumber],
              [f('mobileNumber'), e.mobileNumber],
            ]}
          />
        ) : (
          <Missing />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="qualifications" pt="md">
        <Cards empty={t('applicationForms:none')}>
          {form.qualifications.map((q) => (
            <Paper key={q.id} withBorder p="sm" radius="md">
              <Fields
                fields={[
                  [
                    f('qualificationType'),
                    q.qualificationType === 6 && q.others
                      ? q.others
                      : enumLabel(t, QUALIFICATION_TYPES, 'qualificationTypes', q.qualificationType),
                  ],
                  [f('yearOfExam'), q.yearOfExam],
                  [f('nameOfExamination'), q.nameOfExamination],
                  [f('nameOfInstitution'), q.nameOfInstitution],
                  [f('result'), q.result],
                  [f('certificate'), <FileLink key="c" file={q.certFile} what={f('certificate')} />],
                  [f('transcript'), <FileLink key="t" file={q.transcriptFile} what={f('transcript')} />],
                ]}
              />
            </Paper>
          ))}
        </Cards>
      </Tabs.Panel>
      <Tabs.Panel value="languages" pt="md">
        <Cards empty={t('applicationForms:none')}>
          {form.languages.map((l) => (
            <Paper key={l.id} withBorder p="sm" radius="md">
              <Fields
                fields={[
                  [
                    f('languageType'),
                    l.languageType === 3 && l.others
                      ? l.others
                      : enumLabel(t, LANGUAGE_TYPES, 'languageTypes', l.languageType),
                  ],
                  [f('yearOfExam'), l.yearOfExam],
                  [f('result'), l.result],
                  [f('certificate'), <FileLink key="c" file={l.certFile} what={f('certificate')} />],
                ]}
              />
            </Paper>
          ))}
        </Cards>
      </Tabs.Panel>
      <Tabs.Panel value="experience" pt="md">
        {form.experiences.length === 0 ? (
          <Text c="dimmed">{t('applicationForms:none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{f('company')}</Table.Th>
                  <Table.Th>{f('position')}</Table.Th>
                  <Table.Th>{f('from')}</Table.Th>
                  <Table.Th>{f('to')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.experiences.map((x) => (
                  <Table.Tr key={x.id}>
                    <Table.Td>{x.company}</Table.Td>
                    <Table.Td>{x.position}</Table.Td>
                    <Table.Td>{x.from}</Table.Td>
                    <Table.Td>{x.to ?? t('wizard:experience.present')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="documents" pt="md">
        {form.documents.length === 0 ? (
          <Text c="dimmed">{t('applicationForms:none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('applicationForms:documentType')}</Table.Th>
                  <Table.Th>{t('applicationForms:fileName')}</Table.Th>
                  <Table.Th>{t('applicationForms:download')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.documents.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{d.documentType}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {d.fileId ? (d.fileName ?? d.fileId) : t('applicationForms:noFile')}
                    </Table.Td>
                    <Table.Td>
                      {d.fileId && (
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('applicationForms:downloadFile', {
                            what: d.documentType,
                            name: d.fileName ?? '',
                          })}
                          onClick={() => downloadStoredFile(t, { fileId: d.fileId, name: d.fileName })}
                        >
                          <IconDownload size={18} aria-hidden />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

/** Loads the application form `id` and shows its tabs under a heading naming the student. */
export function ApplicationFormDetail({ id, headingOrder = 2 }: { id: number; headingOrder?: 2 | 3 }) {
  const { t } = useTranslation(FORM_NAMESPACES);
  const headingId = useId();
  const query = useQuery({
    queryKey: applicationFormKey(id),
    queryFn: ({ signal }) => api.get<TApplicationForm>(`/ApplicationForm/${id}`, { signal }),
  });
  const form = query.data;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Title order={headingOrder} size="h4" id={headingId} mb="sm">
        {form
          ? t('applicationForms:detailTitle', {
              name: applicationFullName(form.studentInfo),
              course: form.course.name,
              university: form.university.name,
            })
          : t('applicationForms:detail')}
      </Title>
      {query.isPending && <Text role="status">{t('applicationForms:loading')}</Text>}
      {query.isError && (
        <Alert color="red" role="alert">
          {t('applicationForms:loadFailed', { message: query.error.message })}
        </Alert>
      )}
      {form && <ApplicationFormTabs form={form} />}
    </Paper>
  );
}
