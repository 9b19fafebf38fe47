import { useQuery } from '@tanstack/react-query';
import { type TAppConfig, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@uniapply/shared';
import { apiRequest } from './api';

// The limits the server publishes (GET /api/config, issue 18 item 5), read once per session. Until
// it answers (or if it cannot), the shared defaults stand in: the server checks again anyway.

const FALLBACK: TAppConfig = {
  uploadMaxBytes: UPLOAD_MAX_BYTES,
  uploadMaxMb: UPLOAD_MAX_BYTES / 1024 / 1024,
  uploadTypes: [...UPLOAD_EXTENSIONS],
};

export const appConfigKey = ['appConfig'] as const;

export function useAppConfig(): TAppConfig {
  const config = useQuery({
    queryKey: appConfigKey,
    queryFn: ({ signal }) => apiRequest<TAppConfig>('/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return config.data ?? FALLBACK;
}

/** 'PDF, DOC, DOCX, JPG, JPEG, PNG': the accepted types as users name them. */
export const typesText = (types: readonly string[]) => types.map((t) => t.toUpperCase()).join(', ');
