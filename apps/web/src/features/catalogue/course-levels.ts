import { crudPage } from '../../components/crud/crud-screen';
import { namedResource } from './named-resource';

/** Spec 2.3 Course Level Maintenance: filter on name, one required field, name. */
export const courseLevels = namedResource('courseLevel', 'CourseLevel');
export const CourseLevelsPage = crudPage(courseLevels);
