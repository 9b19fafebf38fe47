import { ActionIcon, Anchor, Button, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconArrowRight,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandYoutube,
  IconExternalLink,
  IconMapPin,
  IconPhone,
  IconPrinter,
} from '@tabler/icons-react';
import type { TUniversity } from '@uniapply/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXTERNAL_LINK, externalHref, hostOf, initialsOf, telHref } from './links';
import classes from './student-catalogue.module.css';

export const COURSE_LIST_PATH = '/Student/UniversityCourseList';

/** What the course list reads from navigation state (spec 2.2). */
export type TCourseListState = { universityId: number };

const SOCIALS: { key: 'youtube' | 'facebook' | 'instagram' | 'tiktok'; icon: Icon; color: string }[] = [
  { key: 'youtube', icon: IconBrandYoutube, color: 'red' },
  { key: 'facebook', icon: IconBrandFacebook, color: 'blue' },
  { key: 'instagram', icon: IconBrandInstagram, color: 'grape' },
  { key: 'tiktok', icon: IconBrandTiktok, color: 'dark' },
];

const TONES = 4;

/** Spec 2.4: a university as a card: name, website, description, contacts, social links, its courses. */
export function UniversityCard({ university }: { university: TUniversity }) {
  const { t } = useTranslation('studentCatalogue');
  const titleId = useId();
  const { name } = university;
  const newTab = t('opensInNewTab');
  const website = externalHref(university.website);

  return (
    <li className={classes.item}>
      <article className={classes.card} aria-labelledby={titleId}>
        <div className={classes.banner} data-tone={university.id % TONES}>
          <span className={classes.initials} aria-hidden="true">
            {initialsOf(name)}
          </span>
        </div>
        <div className={`${classes.body} ${classes.universityBody}`}>
          <div>
            <Title order={2} size="h4" id={titleId} className={classes.cardTitle}>
              {name}
            </Title>
            {website ? (
              <Anchor
                href={website}
                {...EXTERNAL_LINK}
                size="sm"
                aria-label={t('universities.website', { name, host: hostOf(website), newTab })}
              >
                {hostOf(website)} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: '-2px' }} />
              </Anchor>
            ) : null}
          </div>

          {university.description ? <Text size="sm">{university.description}</Text> : null}

          <UniversityFacts university={university} />

          <div className={classes.footer}>
            <SocialLinks university={university} />
            <Button
              component={Link}
              to={`${COURSE_LIST_PATH}?${new URLSearchParams({ university: String(university.id) })}`}
              rightSection={<IconArrowRight size={16} aria-hidden />}
              aria-label={t('universities.coursesOf', { name })}
            >
              {t('universities.courses')}
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

function Fact({ icon: FactIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>
        <FactIcon size={16} aria-hidden />
        <VisuallyHidden>{label}</VisuallyHidden>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function UniversityFacts({ university }: { university: TUniversity }) {
  const { t } = useTranslation('studentCatalogue');
  const phoneHref = telHref(university.phone);
  return (
    <dl className={classes.facts}>
      <Fact icon={IconMapPin} label={t('universities.address')}>
        {university.address}
      </Fact>
      <Fact icon={IconPhone} label={t('universities.phone')}>
        {phoneHref ? (
          <Anchor href={phoneHref} size="sm">
            {university.phone}
          </Anchor>
        ) : (
          university.phone
        )}
      </Fact>
      <Fact icon={IconPrinter} label={t('universities.fax')}>
        {university.fax}
      </Fact>
    </dl>
  );
}

function SocialLinks({ university }: { university: TUniversity }) {
  const { t } = useTranslation('studentCatalogue');
  const { name } = university;
  const newTab = t('opensInNewTab');
  const socials = SOCIALS.map((s) => ({ ...s, href: externalHref(university[s.key]) })).filter((s) => s.href);
  if (socials.length === 0) return <span />;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not a form fieldset
    <div
      role="group"
      aria-label={t('universities.socialLabel', { name })}
      style={{ display: 'flex', gap: 6 }}
    >
      {socials.map(({ key, icon: SocialIcon, color, href }) => (
        <ActionIcon
          key={key}
          component="a"
          href={href!}
          {...EXTERNAL_LINK}
          variant="light"
          color={color}
          size="lg"
          radius="xl"
          aria-label={t(`universities.${key}`, { name, newTab })}
        >
          <SocialIcon size={18} aria-hidden />
        </ActionIcon>
      ))}
    </div>
  );
}
