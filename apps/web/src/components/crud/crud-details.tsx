import { Paper, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/i18n';
import classes from './crud.module.css';
import { labelKey, type TDisplayField, type TRow, valueAt } from './define';
import { breakableValue } from './grid-text';

/** The optional read-only Details panel of the selected row (spec 2.3). */
export function CrudDetails({ fields, row }: { fields: TDisplayField[]; row: TRow }) {
  const { t, i18n } = useTranslation(['crud', 'catalogue', 'enums']);
  const headingId = useId();
  const ctx = { t, language: i18n.language };
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('crud:details')}
      </Title>
      <dl className={classes.details}>
        {fields.map((field) => (
          <div key={field.path}>
            <dt>{translateKey(t, labelKey(field))}</dt>
            <dd>{breakableValue(field.render ? field.render(row, ctx) : valueAt(row, field.path))}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}
