import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/session.js';

/** Every role may call the application routes; the student scope is checked per request. */
export const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
