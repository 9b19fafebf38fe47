import { Button, NativeSelect } from '@mantine/core';
import { LANGUAGES } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { currentLanguage, isAppLanguage } from '../../lib/i18n';
import { useChangeLanguage } from './language';

/** Each language is named in itself, so a reader finds their own whatever is showing now. */
const LANGUAGE_NAMES = { uz: 'Oʻzbekcha', ru: 'Русский', en: 'English' } as const;

/**
 * In the app a choice applies at once. The same markup is also the prerendered first screens'
 * (`/`, `/login`), which run no React: there it is a plain form that `POST /api/auth/language`
 * answers by setting the `appLanguage` cookie and sending the browser back, submitted on change by
 * the first screen's script (src/first-screen.ts) or, without JavaScript, by the button below.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  const { pathname } = useLocation();
  return (
    <form
      method="post"
      action="/api/auth/language"
      data-language-form=""
      style={{ display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-xs)' }}
      onSubmit={(event) => event.preventDefault()}
    >
      <input type="hidden" name="returnTo" value={pathname} />
      <NativeSelect
        name="language"
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
      <noscript>
        <Button type="submit" size="sm" variant="default">
          {t('languageApply')}
        </Button>
      </noscript>
    </form>
  );
}
