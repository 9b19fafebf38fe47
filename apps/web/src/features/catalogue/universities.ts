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
    // The name is what people look for: it gets the widest column (it was cut to two short lines).
    { path: 'name', width: 1.7 },
    { path: 'email', width: 1.7 },
    { path: 'phone', width: 1.3 },
    { path: 'fax', width: 1.3 },
    { path: 'address', width: 1.3 },
    { path: 'website', width: 1.7 },
  ],
  schema: ZUniversityInput,
  form,
  details: form.map(({ name }) => ({ path: name })),
});
export const UniversitiesPage = crudPage(universities);
