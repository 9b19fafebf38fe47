import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampPage } from './use-crud-list';

type TPagerProps = { page: number; lastPage: number; onChange: (page: number) => void };

/** Spec 2.3: first, previous, next and last buttons and an editable page number. */
export function CrudPager({ page, lastPage, onChange }: TPagerProps) {
  const { t } = useTranslation('crud');
  const [draft, setDraft] = useState(String(page));
  useEffect(() => setDraft(String(page)), [page]);

  const go = (target: number) => {
    const next = clampPage(target, lastPage);
    setDraft(String(next));
    if (next !== page) onChange(next);
  };
  const commit = (event?: FormEvent) => {
    event?.preventDefault();
    go(clampPage(draft, lastPage));
  };
  const button = (label: string, target: number, disabled: boolean, Icon: typeof IconChevronLeft) => (
    <ActionIcon variant="default" size="lg" aria-label={label} disabled={disabled} onClick={() => go(target)}>
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );

  return (
    <Group component="nav" aria-label={t('pager.label')} gap={6} wrap="nowrap" justify="center">
      {button(t('pager.first'), 1, page <= 1, IconChevronsLeft)}
      {button(t('pager.previous'), page - 1, page <= 1, IconChevronLeft)}
      <form onSubmit={commit}>
        <Group gap={6} wrap="nowrap">
          <TextInput
            aria-label={t('pager.pageNumber')}
            value={draft}
            inputMode="numeric"
            w={56}
            styles={{ input: { textAlign: 'center' } }}
            onChange={(event) => setDraft(event.currentTarget.value.replace(/\D/g, ''))}
            onBlur={() => commit()}
          />
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('pager.of', { total: lastPage })}
          </Text>
        </Group>
      </form>
      {button(t('pager.next'), page + 1, page >= lastPage, IconChevronRight)}
      {button(t('pager.last'), lastPage, page >= lastPage, IconChevronsRight)}
    </Group>
  );
}
