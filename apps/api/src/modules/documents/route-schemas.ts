import { z } from 'zod';

// The parameters the documents routes share.

export const zCanonicalId = z.string().regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number');
export const ZIdParams = z.object({ id: zCanonicalId.transform(Number) });
export const ZStudentQuery = z.object({ studentId: zCanonicalId.transform(Number).optional() });
