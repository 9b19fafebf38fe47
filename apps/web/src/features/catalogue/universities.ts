import { ZUniversityInput } from '@uniapply/shared';
import { crudPage } from '../../components/crud/crud-screen';
import { defineCrud, type TFormField } from '../../components/crud/define';
import { NAME_FILTER } from './shared-fields';

const form: TFormField[] = [
  { name: 'name', wide: true },
  { name: 'email', kind: 'email' },
  { name: 'phone' },
  { name: 'fax' },
  { name: 'website', kind: 'url' },
  { name: 'address', wide: true },
  { name: 'description', kind: 'textarea', wide: true },
  { name: 'youtube', kind: 'url' },
  { name: 'instagram', kind: 'url' },
  { name: 'facebook', kind: 'url' },
  { name: 'tiktok', kind: 'url' },
];

/** Spec 2.3 University Maintenance: six columns, a read-only details panel, URL fields checked. */
export const universities = defineCrud({
  base: 'University',
  title: 'catalogue.university.title',
  addTitle: 'catalogue.university.add',
  editTitle: 'catalogue.university.edit',
  filter: NAME_FILTER,
  columns: [
    { path: 'name' },
    { path: 'email' },
    { path: 'phone', noWrap: true },
    { path: 'fax', noWrap: true },
    { path: 'address' },
    { path: 'website' },
  ],
  schema: ZUniversityInput,
  form,
  details: form.map(({ name }) => ({ path: name })),
});
export const UniversitiesPage = crudPage(universities);
