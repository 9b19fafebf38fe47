import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { toPageNumber } from '../../lib/paging';

type TPagerProps = {
  page: number;
  /** undefined until the count is known (the first page is loading): no "of 1" meanwhile. */
  lastPage: number | undefined;
  onChange: (page: number) => void;
};

/**
 * Spec 2.3: first, previous, next and last buttons and an editable page number; until the count
 * is known the total is not shown and the forward buttons wait.
 */
export function CrudPager({ page, lastPage: known, onChange }: TPagerProps) {
  const { t } = useTranslation('crud');
  const format = useFormat();
  const lastPage = known ?? page;
  const [draft, setDraft] = useState(String(page));
  useEffect(() => setDraft(String(page)), [page]);

  const go = (target: number) => {
    const next = toPageNumber(target, lastPage);
    setDraft(String(next));
    if (next !== page) onChange(next);
  };
  const commit = (event?: FormEvent) => {
    event?.preventDefault();
    go(toPageNumber(draft, lastPage));
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
            // Letters are refused as typed; a sign or a decimal point stays, so that '-3' or '1.5'
            // is read as the number it is (not a page: page 1), never as '3' or '15'.
            onChange={(event) => setDraft(event.currentTarget.value.replace(/[^\d.,+-]/g, ''))}
            onBlur={() => commit()}
          />
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} miw="2.5em">
            {known === undefined ? '' : t('pager.of', { total: format.number(known) })}
          </Text>
        </Group>
      </form>
      {button(t('pager.next'), page + 1, page >= lastPage, IconChevronRight)}
      {button(t('pager.last'), lastPage, page >= lastPage, IconChevronsRight)}
    </Group>
  );
}
