import { crudPage } from '../../components/crud/crud-screen';
import { namedResource } from './named-resource';

/** Spec 2.3 Course Category Maintenance: filter on name, a required Name. */
export const courseCategories = namedResource('courseCategory', 'CourseCategory');
export const CourseCategoriesPage = crudPage(courseCategories);
