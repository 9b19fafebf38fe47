import type { TMailSettings, TMe, TProfileNames } from '@uniapply/shared';
import { api } from '../../lib/api';

// The profile area's one API module (issue 19 item 3). The signed-in user itself is the auth
// feature's (`meQueryKey`): a saved name replaces it there.

export const profileKeys = {
  mailSettings: ['auth', 'me', 'mail-settings'] as const,
};

export const saveProfileNames = (names: TProfileNames) => api.put<TMe>('/auth/me', names);

export const fetchMailSettings = (signal?: AbortSignal) =>
  api.get<TMailSettings>('/auth/me/mail-settings', { signal });

export const saveMailSettings = (next: TMailSettings) =>
  api.put<TMailSettings>('/auth/me/mail-settings', next);
