import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import { OPERATIONS, type Operation, type OperationId } from '@vcase/shared';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the REST routes' zod schemas (the shared ones), served raw at
 * /openapi.json and browsable at /docs.
 */
export async function registerOpenApi(app: FastifyInstance, serverUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'vcase — vehicle case and document validation API',
        version: '1.0.0',
        description: 'Cases, documents, registry lookups, plates, chains, tenencia, tickets, invoices and INE validation.',
      },
      servers: [{ url: serverUrl, description: 'this server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          adminAuth: { type: 'http', scheme: 'bearer', description: 'VCASE_ADMIN_TOKEN' },
        },
      },
    },
    transform: (input) => {
      // The tRPC channel has its own client typing; the OpenAPI document is the REST API.
      if (input.url.startsWith('/trpc')) return { schema: { hide: true }, url: input.url };
      const out = jsonSchemaTransform(input);
      const auth = input.route.config?.authRule?.mode;
      const security: Record<string, string[]>[] | undefined =
        auth === 'bearer'
          ? [{ bearerAuth: [] }]
          : auth === 'apiKey'
            ? [{ apiKeyAuth: [] }]
            : auth === 'bearerOrApiKey'
              ? [{ apiKeyAuth: [] }, { bearerAuth: [] }]
              : auth === 'admin'
                ? [{ adminAuth: [] }]
                : [];
      // An operation answered without a body (204) has no response schema to list its status.
      const op = OPERATIONS[(input.schema as { operationId?: string } | undefined)?.operationId as OperationId] as Operation | undefined;
      const response = out.schema.response ?? (op ? { [op.successStatus]: { description: STATUS_CODES[op.successStatus] } } : undefined);
      return { ...out, schema: { ...out.schema, security, ...(response ? { response } : {}) } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
