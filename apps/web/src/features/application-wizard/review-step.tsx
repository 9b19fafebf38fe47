import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  COUNTRIES,
  GENDERS,
  joinPassport,
  LANGUAGE_TYPES,
  OTHER_INFO_SOURCES,
  QUALIFICATION_TYPES,
  RELATIONSHIP_OTHER,
  RELATIONSHIPS,
  type TApplication,
  type TWizardStepId,
  wizardStep,
} from '@uniapply/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../application-status';
import { WIZARD_NAMESPACES } from './step-fields';

type TRow = [label: string, value: ReactNode];

function Section({
  id,
  rows,
  children,
  onChange,
}: {
  id: TWizardStepId;
  rows?: TRow[];
  children?: ReactNode;
  onChange: (step: number) => void;
}) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const title = t(`steps.${id}`);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Anchor
          component="button"
          type="button"
          onClick={() => onChange(wizardStep(id).step)}
          aria-label={t('wizardForm:review.changeSection', { section: title })}
        >
          {t('wizardForm:review.change')}
        </Anchor>
      </Group>
      {rows && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('wizardForm:review.none')}
        </Text>
      )}
      {rows && rows.length > 0 && (
        <dl
          style={{
            margin: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(8rem, 1fr) 2fr',
            gap: '4px 12px',
          }}
        >
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text component="dt" c="dimmed" size="sm">
                {label}
              </Text>
              <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {value === null || value === undefined || value === '' ? '—' : value}
              </Text>
            </div>
          ))}
        </dl>
      )}
      {children}
    </Paper>
  );
}

/**
 * Step 10, "check your answers" (DESIGN 6): every saved value as text, section by section, each
 * with a Change link to its step; enum values as labels in the user's language.
 */
export function ReviewStep({
  application,
  onChange,
}: {
  application: TApplication;
  onChange: (step: number) => void;
}) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const f = (name: string) => t(`fields.${name}`);
  const s = application.studentInfo;
  const enumLabel = (list: readonly string[], group: string, index: number | null | undefined) =>
    index === null || index === undefined || !list[index] ? '' : t(`enums:${group}.${list[index]}`);
  const relationship = (c: { relationship: number; others: string | null }) =>
    c.relationship === RELATIONSHIP_OTHER && c.others
      ? `${enumLabel(RELATIONSHIPS, 'relationships', c.relationship)}: ${c.others}`
      : enumLabel(RELATIONSHIPS, 'relationships', c.relationship);
  const g = application.guardian;
  const e = application.emergencyContact;
  const o = application.otherInfo;
  const sources = o
    ? [
        ...OTHER_INFO_SOURCES.filter((k) => o[k]).map((k) => t(`wizardForm:sources.${k}`)),
        ...(o.agentId ? [`${t('wizardForm:sources.agent')} (${o.agentId})`] : []),
        ...(o.others ? [`${t('wizardForm:sources.others')}: ${o.otherInfoDetails ?? ''}`] : []),
      ]
    : [];
  return (
    <Stack gap="md">
      <Section
        id="personal"
        onChange={onChange}
        rows={[
          [f('firstName'), s.firstName],
          [f('middleName'), s.middleName],
          [f('lastName'), s.lastName],
          [f('passport'), joinPassport(s)],
          [f('race'), s.race],
          [f('gender'), enumLabel(GENDERS, 'genders', s.gender)],
          [f('email'), s.email],
          [f('phoneNumber'), s.phoneNumber],
          [f('dateOfBirth'), String(s.dateOfBirth ?? '').slice(0, 10)],
          [f('postCode'), s.postCode],
          [f('country'), enumLabel(COUNTRIES, 'countries', s.country)],
          [f('address'), s.address],
          [f('city'), s.city],
        ]}
      />
      <Section
        id="guardian"
        onChange={onChange}
        rows={
          g
            ? [
                [f('firstName'), g.firstName],
                [f('middleName'), g.middleName],
                [f('lastName'), g.lastName],
                [f('occupation'), g.occupation],
                [f('phoneNumber'), g.phoneNumber],
                [f('email'), g.email],
                [f('relationship'), relationship(g)],
                [f('address'), g.address],
              ]
            : [[t('wizardForm:review.notGiven'), '']]
        }
      />
      <Section
        id="emergencyContact"
        onChange={onChange}
        rows={
          e
            ? [
                [f('firstName'), e.firstName],
                [f('middleName'), e.middleName],
                [f('lastName'), e.lastName],
                [f('phoneNumber'), e.phoneNumber],
                [f('relationship'), relationship(e)],
              ]
            : [[t('wizardForm:review.notGiven'), '']]
        }
      />
      <Section
        id="qualifications"
        onChange={onChange}
        rows={application.qualifications.map((q) => [
          q.qualificationType === 6 && q.others
            ? q.others
            : enumLabel(QUALIFICATION_TYPES, 'qualificationTypes', q.qualificationType),
          `${q.nameOfExamination}, ${q.nameOfInstitution}, ${q.yearOfExam}: ${q.result}`,
        ])}
      />
      <Section
        id="languages"
        onChange={onChange}
        rows={application.languages.map((l) => [
          l.languageType === 3 && l.others
            ? l.others
            : enumLabel(LANGUAGE_TYPES, 'languageTypes', l.languageType),
          `${l.yearOfExam}: ${l.result}`,
        ])}
      />
      <Section
        id="experience"
        onChange={onChange}
        rows={application.experiences.map((x) => [
          `${x.company}, ${x.position}`,
          `${x.from} – ${x.to ?? t('experience.present')}`,
        ])}
      />
      <Section
        id="documents"
        onChange={onChange}
        rows={application.documents.map((d) => [
          d.documentTypeName,
          d.docPath ? t('wizardForm:review.uploaded') : '',
        ])}
      />
      <Section
        id="otherInfo"
        onChange={onChange}
        rows={[[t('wizardForm:heardAboutUs'), sources.join(', ')]]}
      />
      <Section id="courses" onChange={onChange}>
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {application.courses.map((c) => (
            <Group key={c.id} component="li" gap="xs">
              <Text size="sm">
                {c.course.name} — {c.university.name}
              </Text>
              {/* The application's status from the pipeline (issue 18: withdrawn shows as withdrawn). */}
              {c.status && <StatusBadge status={c.status} size="md" />}
            </Group>
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}
