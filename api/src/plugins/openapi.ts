import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Must load before the domains: it collects their route schemas as they are added. */
export async function registerOpenapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CIFFC data API',
        version: '1',
        description: 'Fire data, agencies, situation reports. Public GETs cache for 900 s with ETags.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The JWT issued by the content system at login',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger()));
  });
}
