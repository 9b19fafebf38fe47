import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { TPicklist, TRow } from './define';
import { useErrorAlert } from './notify';

export const picklistKey = (base: string) => ['crud', base, 'all'] as const;

/** Options of a picklist from another resource, loaded while the form is open. */
export function usePicklistOptions(picklist: TPicklist | undefined, enabled: boolean) {
  const query = useQuery({
    queryKey: picklistKey(picklist?.base ?? ''),
    queryFn: ({ signal }) => api.get<TRow[]>(`/${picklist?.base}/allAsync`, { signal }),
    enabled: enabled && picklist !== undefined,
  });
  useErrorAlert(query.isError ? query.error : null, picklist?.failure ?? '', query.errorUpdatedAt);
  const label = picklist?.optionLabel ?? ((row: TRow) => String(row.name ?? row.id));
  return {
    loading: query.isFetching,
    options: (query.data ?? []).map((row) => ({ value: String(row.id), label: label(row) })),
  };
}
