import type { TSettings } from '@uniapply/shared';
import { api } from '../../lib/api';

// The settings area's one API module (issue 19 item 3).

export const settingsKeys = {
  /** The one cache entry of the settings (the page reads and writes it). */
  all: ['settings'] as const,
};

export const fetchSettings = (signal?: AbortSignal) => api.get<TSettings>('/Settings', { signal });

export const saveSettings = (values: TSettings) => api.put<TSettings>('/Settings', values);
