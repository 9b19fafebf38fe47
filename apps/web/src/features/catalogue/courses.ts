import { ZCourseInput } from '@uniapply/shared';
import { crudPage } from '../../components/crud/crud-screen';
import { defineCrud, ownSaveRoutes } from '../../components/crud/define';
import { CATEGORIES, LEVELS, NAME_FILTER } from './shared-fields';

/** Spec 2.3 Course Maintenance: Name, Level, Category; level and category picklists. */
export const courses = defineCrud({
  base: 'Course',
  title: 'catalogue.course.title',
  addTitle: 'catalogue.course.add',
  editTitle: 'catalogue.course.edit',
  filter: NAME_FILTER,
  columns: [
    { path: 'name' },
    { path: 'level.name', label: 'catalogue.fields.level' },
    { path: 'category.name', label: 'catalogue.fields.category' },
  ],
  schema: ZCourseInput,
  form: [
    { name: 'name', wide: true },
    { name: 'levelId', kind: 'picklist', label: 'catalogue.fields.level', picklist: LEVELS },
    { name: 'categoryId', kind: 'picklist', label: 'catalogue.fields.category', picklist: CATEGORIES },
    { name: 'description', kind: 'textarea', wide: true },
  ],
  save: ownSaveRoutes('addCourse', 'updateCourse'),
});
export const CoursesPage = crudPage(courses);
