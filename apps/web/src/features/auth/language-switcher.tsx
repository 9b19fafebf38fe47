import { NativeSelect } from '@mantine/core';
import { LANGUAGES } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isAppLanguage } from '../../lib/i18n';
import { useChangeLanguage } from './language';

/** Each language is named in itself, so a reader finds their own whatever is showing now. */
const LANGUAGE_NAMES = { uz: 'Oʻzbekcha', ru: 'Русский', en: 'English' } as const;

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  return (
    <NativeSelect
      aria-label={t('language')}
      size="sm"
      w={132}
      value={currentLanguage(i18n)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isAppLanguage(value)) void changeLanguage(value);
      }}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
    />
  );
}
