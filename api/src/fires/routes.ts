import type { FastifyInstance } from 'fastify';

export async function wildfireRoutes(_app: FastifyInstance): Promise<void> {}
