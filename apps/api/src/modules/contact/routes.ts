import type { FastifyInstance } from 'fastify';

/** POST /api/contact (filled in by the auth work). */
export async function contactModule(_app: FastifyInstance) {}
