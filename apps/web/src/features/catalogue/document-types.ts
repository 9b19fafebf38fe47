import { crudPage } from '../../components/crud/crud-screen';
import { namedResource } from './named-resource';

/** Spec 2.3 Document Type Maintenance: columns ID and Name, a required Name. */
export const documentTypes = namedResource('documentType', 'DocumentType');
export const DocumentTypesPage = crudPage(documentTypes);
