import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_PREFIX, isPeopleOnlyOperation, PRODUCT_NAME, VERSION_STRING } from '@aquasmart/domain';
import { markRoutePublic, TOKEN_HEADER } from './authenticate';

/** The OpenAPI document at /api/docs/json, built from the routes' zod schemas; a UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      // Not open source: the licence says so (Redocly's info-license rule asks for one).
      info: { title: `${PRODUCT_NAME} API`, version: VERSION_STRING, license: { name: 'Proprietary' } },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER, description: 'A session token from POST /auth (12 hours, renewable; a session ends after 7 days).' },
          // API keys (docs/api-keys.md): made by an administrator or user manager, with their own rights and customers.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}...`,
            description: `An API key (service account), sent as Authorization: Bearer ${API_KEY_PREFIX}...; it acts with its own rights and customers and cannot reach user or key management, the own account, sign-out, the live stream or logbook signing (403 errors.notForApiKeys). An unknown, expired or revoked key is 401 errors.apiKeyInvalid.`,
          },
        },
      },
      // Either one: a session token or an API key.
      security: [{ accessToken: [] }, { apiKey: [] }],
    },
    // Operations that need a person name only the session token (API keys get 403 there).
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const operationId = (output.schema as { operationId?: string } | undefined)?.operationId;
      return operationId && isPeopleOnlyOperation(operationId) ? { ...output, schema: { ...output.schema, security: [{ accessToken: [] }] } } : output;
    },
  });
  // The document and its UI are public: they describe the API, the routes themselves stay guarded.
  await app.register(async (docs) => {
    docs.addHook('onRoute', markRoutePublic);
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
