import { Anchor } from '@mantine/core';
import { MAIL_JOB_STATUSES } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { CrudScreen } from '../../components/crud/crud-screen';
import { defineCrud, type TRenderContext, type TRow } from '../../components/crud/define';
import { formatIn } from '../../lib/format';
import { RetryButton } from './retry-button';

const label =
  (group: 'status' | 'kind') =>
  (row: TRow, { t }: TRenderContext) =>
    t(`mail:${group}.${String(row[group === 'status' ? 'status' : 'kind'])}`);
const dateTime =
  (path: string) =>
  (row: TRow, { language }: TRenderContext) => {
    const value = row[path];
    return typeof value === 'string' ? formatIn(language).dateTime(value) : '–';
  };
const field = (path: string) => ({ path, label: `mail.fields.${path}` });

/**
 * `/Admin/Outbox` (issue 12): the status-mail queue, read-only, filtered by status (failed ones
 * first to look at); in outbox mode (no SMTP_URL) each sent mail can be downloaded as an .eml.
 */
export const outbox = defineCrud({
  base: 'MailJob',
  title: 'mail.outbox.title',
  filter: {
    field: 'status',
    operator: 'EQ',
    label: 'mail.outbox.filter',
    options: [
      { value: '', label: 'mail.outbox.allStatuses' },
      ...MAIL_JOB_STATUSES.map((s) => ({ value: s, label: `mail.status.${s}` })),
    ],
  },
  // The filter is a status, not a name: it may stay in the address.
  actions: { add: false, edit: false, delete: false },
  columns: [
    { ...field('recipient'), width: 2 },
    { ...field('subject'), width: 2.4 },
    { ...field('kind'), render: label('kind'), width: 1.5 },
    // "Отправлено", "Не отправлено" stay whole words.
    { ...field('status'), render: label('status'), width: 1.5 },
    // "Attempts", "Urinishlar", "Попытки" whole at 1280 px.
    { ...field('attempts'), width: 1.4 },
    { ...field('createdAt'), render: dateTime('createdAt'), width: 1.5 },
    { ...field('lastError'), width: 1.5 },
  ],
  details: [
    field('recipient'),
    field('subject'),
    { ...field('kind'), render: label('kind') },
    { ...field('language'), render: (row, { t }) => t(`mail:languages.${String(row.language)}`) },
    { ...field('status'), render: label('status') },
    field('attempts'),
    { ...field('createdAt'), render: dateTime('createdAt') },
    { ...field('nextAttemptAt'), render: dateTime('nextAttemptAt') },
    { ...field('sentAt'), render: dateTime('sentAt') },
    field('lastError'),
    {
      path: 'hasFile',
      label: 'mail.fields.file',
      render: (row, { t }) =>
        row.hasFile ? (
          <Anchor href={`/api/MailJob/${row.id}/eml`} download>
            {t('mail:outbox.download', { id: row.id })}
          </Anchor>
        ) : (
          '–'
        ),
    },
    {
      path: 'id',
      label: 'mail.fields.actions',
      render: (row) => (row.status === 'failed' ? <RetryButton id={row.id} /> : '–'),
    },
  ],
});

export function OutboxPage() {
  // The screen's texts live in the `mail` namespace: load it before the generic screen renders.
  useTranslation('mail');
  return <CrudScreen definition={outbox} />;
}
