import { SegmentedControl, Stack, Text } from '@mantine/core';
import { READER_CURRENCIES, type TReaderCurrency } from '@uniapply/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The reader's currency beside a course list: UZS, USD or MYR, remembered (lib/reader-currency). */
export function CurrencySelect({
  value,
  onChange,
}: {
  value: TReaderCurrency;
  onChange: (currency: TReaderCurrency) => void;
}) {
  const { t } = useTranslation('prices');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('showIn')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as TReaderCurrency)}
        data={READER_CURRENCIES.map((code) => ({ value: code, label: code }))}
      />
    </Stack>
  );
}
