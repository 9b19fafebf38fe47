import type { FastifyInstance } from 'fastify';
import { registerApplicationRoutes } from './application-routes.js';
import { registerCourseSelectionRoutes } from './course-selection.js';
import { registerDraftRoutes } from './drafts.js';
import { extendReferees } from './referees.js';
import { extendStudentRecords } from './student-records.js';

// The application wizard's server (DESIGN 7): its rules on the student records' generic verbs
// (hooks on this app's resources) and its own routes. Registered in app.ts under /api, before the
// resource routes, so the hooks are in place when those are built.

export async function applicationWizardModule(app: FastifyInstance) {
  extendStudentRecords(app.resources);
  extendReferees(app.resources);
  registerCourseSelectionRoutes(app);
  registerApplicationRoutes(app);
  registerDraftRoutes(app);
}
