import { Alert, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A query's three faces inside a card: a spinner with its text while it loads (announced as a
 * status), a red alert when it failed, else what its data shows.
 */
export function QueryStates<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  /** The loading text, in the user's language. */
  loading: string;
  /** The failure text, in the user's language. */
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Group role="status" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>{loading}</Text>
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {failed}
      </Alert>
    );
  return <>{children(query.data)}</>;
}
