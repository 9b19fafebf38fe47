import { z } from 'zod';

// The admin's own readings (issue 19 item 3: every response the web reads is described here once).

const zCount = z.number().int().min(0);

/** `GET /admin/summary`: the admin dashboard's counts. */
export const ZAdminSummary = z.object({
  universities: zCount,
  courses: zCount,
  students: zCount,
  submittedApplications: zCount,
});
export type TAdminSummary = z.infer<typeof ZAdminSummary>;

/** `GET /Document/find-root-folder`: the Google Drive check (spec 2.3, 7.3). */
export const ZRootFolder = z.object({
  rootFolderId: z.string().describe('The id of the folder that holds one folder per student.'),
  name: z.string().describe("The root folder's name in Drive."),
  sharedDrive: z
    .boolean()
    .describe('Whether the folder is in a shared drive (a service account can store files only there).'),
  storage: z.enum(['local', 'gdrive', 's3']).describe('Where new uploads go now (STORAGE).'),
});
export type TRootFolder = z.infer<typeof ZRootFolder>;
