import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_STORAGE_KEY, type TAppLanguage, type TMe } from '@uniapply/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { readStorage, writeStorage } from '../../lib/storage';
import { meQueryKey, useSession } from './session';

/** Set when a visitor picks a language while signed out; the choice is saved at their next sign-in. */
export const LANGUAGE_CHOSEN_SIGNED_OUT_KEY = 'appLanguageChosenSignedOut';

async function saveAccountLanguage(language: TAppLanguage): Promise<void> {
  try {
    await api.put<void>('/auth/me/language', { language });
  } catch {
    // The language still applies in this browser; the account keeps its previous one.
  }
}

/** Switches the interface language and remembers it: in this browser, and on the account when signed in. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  return async (language: TAppLanguage) => {
    await i18n.changeLanguage(language);
    writeStorage(LANGUAGE_STORAGE_KEY, language);
    if (!user) {
      writeStorage(LANGUAGE_CHOSEN_SIGNED_OUT_KEY, '1');
      return;
    }
    queryClient.setQueryData<TMe | null>(meQueryKey, (me) => (me ? { ...me, appLanguage: language } : me));
    await saveAccountLanguage(language);
  };
}

/**
 * After sign-in (spec 1: the choice is reapplied after sign-in): a choice made while signed out is
 * the newest and is saved to the account; otherwise the account's language wins (a new browser
 * starts in the account's language); an account without one takes the current language.
 */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const userId = user?.userId;
  const accountLanguage = user?.appLanguage ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per signed-in user, not per change of their language.
  useEffect(() => {
    if (userId === undefined) return;
    const shown = currentLanguage(i18n);
    const chosenSignedOut = readStorage(LANGUAGE_CHOSEN_SIGNED_OUT_KEY) === '1';
    writeStorage(LANGUAGE_CHOSEN_SIGNED_OUT_KEY, null);
    if (accountLanguage && !chosenSignedOut) {
      writeStorage(LANGUAGE_STORAGE_KEY, accountLanguage);
      if (accountLanguage !== shown) void i18n.changeLanguage(accountLanguage);
    } else if (accountLanguage !== shown) {
      void saveAccountLanguage(shown);
    }
  }, [userId]);
}
