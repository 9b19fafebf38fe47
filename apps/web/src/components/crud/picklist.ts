import { useQuery } from '@tanstack/react-query';
import { resourceKeys, resources } from '../../lib/resources';
import type { TPicklist, TRow } from './define';
import { useErrorAlert } from './notify';

/** Options of a picklist from another resource, loaded while the form is open. */
export function usePicklistOptions(picklist: TPicklist | undefined, enabled: boolean) {
  const query = useQuery({
    queryKey: resourceKeys.allRows(picklist?.base ?? ''),
    queryFn: ({ signal }) => resources.getAll<TRow>(picklist?.base ?? '', { signal }),
    enabled: enabled && picklist !== undefined,
  });
  useErrorAlert(query.isError ? query.error : null, picklist?.failure ?? '', query.errorUpdatedAt);
  const label = picklist?.optionLabel ?? ((row: TRow) => String(row.name ?? row.id));
  return {
    loading: query.isFetching,
    options: (query.data ?? []).map((row) => ({ value: String(row.id), label: label(row) })),
  };
}
