import { ActionIcon, Badge, Group, Text, Title } from '@mantine/core';
import { IconBrandYoutube, IconBuildingBank, IconWorld } from '@tabler/icons-react';
import {
  nextChoosable,
  REQUIRED_LANGUAGES,
  type TConvertedPrice,
  type TIntakeAvailability,
  type TUniversityCourse,
} from '@uniapply/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IntakeFacts, IntakeStateBadge } from '../../components/intakes';
import { PriceWithConversion } from '../../components/prices/price-with-conversion';
import { currentLanguage } from '../../lib/i18n';
import { formatNumber } from './format';
import { EXTERNAL_LINK, externalHref } from './links';
import classes from './student-catalogue.module.css';

type TCardProps = {
  item: TUniversityCourse;
  converted: TConvertedPrice | null;
  /** The course's coming intakes (issue 21), none for a course without intakes. */
  intakes?: readonly TIntakeAvailability[];
};

/**
 * Spec 2.4: course, university, duration in months, fee with currency, language exam and score;
 * beside the fee, the amount in the reader's currency with the rate's date (issue 20 item 1).
 */
export function CourseCard({ item, converted, intakes }: TCardProps) {
  const titleId = useId();
  const { course, university } = item;
  return (
    <li className={classes.item}>
      <article className={classes.card} aria-labelledby={titleId}>
        <div className={classes.courseAccent} />
        <div className={classes.body}>
          <Group gap={6}>
            <Badge variant="light" className={classes.badge}>
              {course.level?.name}
            </Badge>
            <Badge variant="light" className={classes.badge} data-kind="category">
              {course.category?.name}
            </Badge>
          </Group>
          <div>
            <Title order={2} size="h4" id={titleId} className={classes.cardTitle}>
              {course.name}
            </Title>
            <Group gap={6} wrap="nowrap" mt={4} align="flex-start">
              <IconBuildingBank size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <Text size="sm" fw={500}>
                {university.name}
              </Text>
            </Group>
          </div>
          <CourseStats item={item} converted={converted} />
          <NextIntake intakes={intakes} />
          <CourseLinks item={item} />
        </div>
      </article>
    </li>
  );
}

function CourseStats({ item, converted }: TCardProps) {
  const { t, i18n } = useTranslation(['studentCatalogue', 'enums']);
  const language = currentLanguage(i18n);
  const exam = REQUIRED_LANGUAGES.find((l) => l.value === item.requiredLanguageId) ?? REQUIRED_LANGUAGES[0];
  const examLabel = t(`enums:requiredLanguages.${exam.key}`);
  // An optional exam with no score reads just "Optional"; an exam shows its minimum score.
  const examText =
    exam.value === -1 && !item.requiredScore
      ? examLabel
      : t('courses.languageScore', { exam: examLabel, score: formatNumber(item.requiredScore, language) });
  return (
    <dl className={classes.stats}>
      <div className={classes.stat}>
        <dt>{t('courses.duration')}</dt>
        <dd>
          <abbr title={t('courses.durationFull', { count: item.duration })} className={classes.abbr}>
            {t('courses.durationValue', { count: item.duration })}
          </abbr>
        </dd>
      </div>
      <div className={classes.stat}>
        <dt>{t('courses.language')}</dt>
        <dd>{examText}</dd>
      </div>
      <div className={`${classes.stat} ${classes.priceStat}`}>
        <dt>{t('courses.price')}</dt>
        <dd>
          <PriceWithConversion price={item.price} currencyIndex={item.currency} converted={converted} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * Issue 21 item 3: the next intake that can be chosen, its deadline in each zone, seats left and
 * the latest safe date; when none can be chosen, why (the next intake's state).
 */
function NextIntake({ intakes }: { intakes?: readonly TIntakeAvailability[] }) {
  const { t } = useTranslation('common');
  if (!intakes?.length) return null;
  const next = nextChoosable(intakes);
  return (
    <section className={classes.intake} aria-label={t('intakes.nextIntake')}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        {t('intakes.nextIntake')}
      </Text>
      {next ? (
        <IntakeFacts intake={next} />
      ) : (
        <Group gap={6}>
          <Text size="sm">{t('intakes.noChoosable')}</Text>
          <IntakeStateBadge intake={intakes[0]!} />
        </Group>
      )}
    </section>
  );
}

function CourseLinks({ item }: { item: TUniversityCourse }) {
  const { t } = useTranslation('studentCatalogue');
  const website = externalHref(item.website);
  const youtube = externalHref(item.youtube);
  const newTab = t('opensInNewTab');
  const name = item.course.name;
  if (!website && !youtube) return null;
  return (
    <Group gap={6}>
      {website ? (
        <ActionIcon
          component="a"
          href={website}
          {...EXTERNAL_LINK}
          variant="light"
          size="lg"
          radius="xl"
          aria-label={t('courses.website', { name, newTab })}
        >
          <IconWorld size={18} aria-hidden />
        </ActionIcon>
      ) : null}
      {youtube ? (
        <ActionIcon
          component="a"
          href={youtube}
          {...EXTERNAL_LINK}
          variant="light"
          color="red"
          size="lg"
          radius="xl"
          aria-label={t('courses.youtube', { name, newTab })}
        >
          <IconBrandYoutube size={18} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
