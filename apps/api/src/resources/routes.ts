import type { FastifyInstance } from 'fastify';

/** The generic resource verbs (filled in by the resource engine work). */
export async function resourceModule(_app: FastifyInstance) {}
