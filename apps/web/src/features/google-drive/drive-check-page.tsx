import { Alert, Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { findRootFolder } from './api';

/**
 * Mantine's light alerts colour their title with the tint's own colour, which misses WCAG AA on
 * the tint even at shade 9: the text stays black and only the icon carries the colour.
 */
const readable = (color: string) => ({
  color,
  style: { '--alert-color': 'var(--mantine-color-black)' } as CSSProperties,
  styles: { icon: { color: `var(--mantine-color-${color}-9)` } },
});

const STORAGE_TEXT = { gdrive: 'storageGdrive', local: 'storageLocal', s3: 'storageS3' } as const;

/** Spec 2.3 "Google-drive check page": a button that shows the root folder id (or why not). */
export function DriveCheckPage() {
  const { t } = useTranslation('drive');
  const check = useMutation({ mutationFn: findRootFolder });
  const code = check.error instanceof ApiError ? check.error.code : null;

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{t('title')}</Title>
      <Text>{t('intro')}</Text>
      <div>
        <Button
          onClick={() => check.mutate()}
          loading={check.isPending}
          loaderProps={{ 'aria-hidden': true }}
        >
          {t('check')}
        </Button>
      </div>
      <div aria-live="polite">
        {check.isPending && <Text role="status">{t('checking')}</Text>}
        {check.data && (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Alert
                {...readable('green')}
                role="status"
                icon={<IconCircleCheck aria-hidden />}
                title={t('connected')}
              >
                {t(STORAGE_TEXT[check.data.storage])}
              </Alert>
              <Text fw={600}>{t('rootFolderId')}</Text>
              <Code block aria-label={t('rootFolderId')} style={{ overflowWrap: 'anywhere' }}>
                {check.data.rootFolderId}
              </Code>
              {check.data.name && (
                <Text>
                  {t('folderName')}: <strong>{check.data.name}</strong>
                </Text>
              )}
              {!check.data.sharedDrive && (
                <Alert {...readable('orange')} icon={<IconAlertTriangle aria-hidden />} role="alert">
                  {t('notSharedDrive')}
                </Alert>
              )}
            </Stack>
          </Paper>
        )}
        {check.isError && (
          <Alert
            {...readable('red')}
            role="alert"
            icon={<IconCloudOff aria-hidden />}
            title={code === 'driveNotConfigured' ? t('notConfiguredTitle') : t('failedTitle')}
          >
            {code === 'driveNotConfigured'
              ? t('notConfigured')
              : code === 'storageUnavailable'
                ? t('unreachable')
                : errorText(t, check.error)}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
