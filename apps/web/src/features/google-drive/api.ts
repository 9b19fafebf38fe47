import type { TRootFolder } from '@uniapply/shared';
import { api } from '../../lib/api';

// The Google Drive check's one API module (issue 19 item 3): a button's read, so no query key.

export const findRootFolder = () => api.get<TRootFolder>('/Document/find-root-folder');
