import { ZNamedInput } from '@uniapply/shared';
import { defineCrud } from '../../components/crud/define';
import { NAME_FILTER } from './shared-fields';

/** Document types, course levels and course categories: a name, maintained the same way. */
export function namedResource(key: string, base: string, withId = true) {
  return defineCrud({
    base,
    title: `catalogue.${key}.title`,
    addTitle: `catalogue.${key}.add`,
    editTitle: `catalogue.${key}.edit`,
    filter: NAME_FILTER,
    columns: withId ? [{ path: 'id' }, { path: 'name' }] : [{ path: 'name' }],
    schema: ZNamedInput,
    form: [{ name: 'name', wide: true }],
  });
}
