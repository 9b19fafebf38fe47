import { z } from 'zod';

/**
 * What the server publishes to a signed-in user so limits are stated before they bite (issue 18
 * item 5): GET /api/config. `uploadMaxMb` is UPLOAD_MAX_MB (at most 2 decimals), `uploadMaxBytes`
 * the same in bytes, `uploadTypes` the accepted file extensions.
 */
export const ZAppConfig = z.object({
  uploadMaxBytes: z.number().int().positive(),
  uploadMaxMb: z.number().positive(),
  uploadTypes: z.array(z.string()),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
