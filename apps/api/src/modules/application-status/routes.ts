import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { documentsDeps } from '../documents/service.js';
import { registerDeferralRoutes } from './deferral.js';
import { registerOfferAnswerRoute } from './offer-answer.js';
import { registerOfferRoutes } from './offer-routes.js';
import { registerOverview } from './overview.js';
import { registerPassportRoutes } from './passport.js';
import { registerRequestRoutes } from './request-routes.js';
import { registerStatusRoutes } from './status-routes.js';

// The status pipeline's routes (issue 12), one file per route group. Reads are for every role within
// its scope (admin all, an agent their students, a student their own profile; another owner's
// application is a 404 like a missing one); moves and undo are the admins'; withdraw is the
// applicant side's.

export async function applicationStatusModule(fastify: FastifyInstance) {
  const deps = documentsDeps(fastify.storage, fastify.config, fastify.database.db, fastify.log);
  await fastify.register(multipart, { throwFileSizeLimit: true });
  registerStatusRoutes(fastify);
  registerDeferralRoutes(fastify);
  registerOfferAnswerRoute(fastify);
  registerOverview(fastify);
  registerRequestRoutes(fastify, deps);
  registerPassportRoutes(fastify);
  registerOfferRoutes(fastify, deps);
}
