import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { TApplicationCourse } from '@uniapply/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { WIZARD_NAMESPACES } from './step-fields';

/** The thank-you screen's way on; `state`: the staff list's place and the saved student (issue 20). */
export type TDone = { to: To; label: string; state?: unknown };

/** Who fills the form in: the thank-you screen speaks to them (issue 18 item 6). */
export type TAudience = 'student' | 'agent' | 'admin';

const THANK_YOU_TEXT: Record<TAudience, string> = {
  student: 'wizardForm:thankYou',
  agent: 'wizardForm:thankYouAgent',
  admin: 'wizardForm:thankYouAdmin',
};

/** What happens after a confirm, in order, as each audience meets it. */
const NEXT_STEPS: Record<TAudience, readonly string[]> = {
  student: ['mail', 'review', 'documents'],
  agent: ['mail', 'review', 'documents'],
  admin: ['listed', 'mail'],
};

/**
 * After Confirm (issue 20 item 6): the thanks, the courses now submitted (every course of the
 * application: a confirm submits each one chosen) and what happens next.
 */
export function ThankYou({
  done,
  audience,
  courses,
}: {
  done: TDone;
  audience: TAudience;
  courses: readonly TApplicationCourse[];
}) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const coursesId = useId();
  const nextId = useId();
  // Confirm sits at the end of a long review: the thanks open at the top, their heading focused.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
    heading.current?.focus();
  }, []);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} ref={heading} tabIndex={-1}>
          {t('steps.thankYou')}
        </Title>
        <Text>{t(THANK_YOU_TEXT[audience])}</Text>
        {courses.length > 0 && (
          <Stack gap="xs" component="section" aria-labelledby={coursesId}>
            <Title order={3} size="h4" id={coursesId}>
              {t('wizardForm:thanks.courses', { count: courses.length })}
            </Title>
            <List spacing="xs" aria-labelledby={coursesId}>
              {courses.map((c) => (
                <List.Item key={c.id}>
                  <Text fw={600} span style={{ overflowWrap: 'anywhere' }}>
                    {c.course.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {c.university.name}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Stack gap="xs" component="section" aria-labelledby={nextId}>
          <Title order={3} size="h4" id={nextId}>
            {t('wizardForm:thanks.next')}
          </Title>
          <List type="ordered" spacing="xs" aria-labelledby={nextId}>
            {NEXT_STEPS[audience].map((step) => (
              <List.Item key={step}>{t(`wizardForm:thanks.${audience}.${step}`)}</List.Item>
            ))}
          </List>
        </Stack>
        <Anchor component={Link} to={done.to} state={done.state}>
          {t(done.label)}
        </Anchor>
      </Stack>
    </Paper>
  );
}
