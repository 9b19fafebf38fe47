import { type NotificationData, notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { translateKey } from '../../lib/i18n';

// Spec 8's alerts, shown as notifications in the user's language.

/** Every notification of the portal: its close button is named in the user's language (axe). */
export function showNotification(t: TFunction, data: NotificationData) {
  notifications.show({ ...data, closeButtonProps: { 'aria-label': t('common:closeNotification') } });
}

export function notifySuccess(t: TFunction, key: string) {
  showNotification(t, { color: 'green', message: translateKey(t, key) });
}

export function notifyFailure(t: TFunction, key: string, error?: unknown) {
  const message =
    error === undefined ? translateKey(t, key) : translateKey(t, key, { message: errorText(t, error) });
  showNotification(t, { color: 'red', message, autoClose: 8000 });
}

/** Shows `key` once for each new failure (`at` is the failure's time, e.g. a query's errorUpdatedAt). */
export function useErrorAlert(error: unknown, key: string, at: number) {
  const { t } = useTranslation();
  const translate = useRef(t);
  translate.current = t;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `at` marks a new failure of the same kind.
  useEffect(() => {
    if (error) notifyFailure(translate.current, key, error);
  }, [error, at, key]);
}
