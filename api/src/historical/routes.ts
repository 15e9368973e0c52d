import type { FastifyInstance } from 'fastify';

export async function historicalRoutes(_app: FastifyInstance): Promise<void> {}
