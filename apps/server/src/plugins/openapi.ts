import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME, VERSION_STRING } from '@aquasmart/domain';
import { markRoutePublic, TOKEN_HEADER } from './authenticate';

/** The OpenAPI document at /api/docs/json, built from the routes' zod schemas; a UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      // Not open source: the licence says so (Redocly's info-license rule asks for one).
      info: { title: `${PRODUCT_NAME} API`, version: VERSION_STRING, license: { name: 'Proprietary' } },
      servers: [{ url: '/' }],
      components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER } } },
      security: [{ accessToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The document and its UI are public: they describe the API, the routes themselves stay guarded.
  await app.register(async (docs) => {
    docs.addHook('onRoute', markRoutePublic);
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
