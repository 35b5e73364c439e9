import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import { errorBodySchema, OPERATIONS, pathParams, type Operation, type OperationId } from '@vcase/shared';
import swaggerUi from '@fastify/swagger-ui';
import { docsCsp } from './securityHeaders.js';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import * as z from 'zod';

const ERROR_BODY = z.toJSONSchema(errorBodySchema);

/**
 * What the document shows a client should send: the operation's own body where the route
 * checks a looser one (to tell MISSING_PARAMETER from VALIDATION_ERROR), and the
 * `Idempotency-Key` header where it is honoured.
 */
function documentedRequest(op: Operation) {
  return {
    ...(op.wireBody && op.body ? { body: op.body } : {}),
    ...(op.idempotent
      ? {
          headers: z.object({
            'idempotency-key': z
              .string()
              .max(255)
              .optional()
              .describe('Retries with the same key and body within 24 h replay the first answer'),
          }),
        }
      : {}),
  };
}

/**
 * The error answers an operation can give (contract §4, §7), each with the one error body
 * (operator-surface §4): 400 for a bad request, 401 where a credential is needed, 404 where
 * the path names something, and the operation's own (`otherErrorStatuses`).
 */
function errorResponses(op: Operation): Record<number, { description: string; content: unknown }> {
  const statuses = new Set([
    400,
    ...(op.auth !== 'none' ? [401] : []),
    ...(pathParams(op.path).length ? [404] : []),
    ...(op.otherErrorStatuses ?? []),
  ]);
  return Object.fromEntries(
    [...statuses].map((status) => [
      status,
      { description: STATUS_CODES[status] as string, content: { 'application/json': { schema: ERROR_BODY } } },
    ]),
  );
}

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
    // Swagger marks every body it documents as required. The operations table knows better:
    // a body is required where it must be sent or names required fields; operations that take
    // none (the chain POSTs) document none.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const methods of Object.values(openapiObject.paths ?? {})) {
        for (const method of Object.values(
          methods as Record<
            string,
            { operationId?: string; requestBody?: { required?: boolean; content?: Record<string, { schema?: { required?: unknown[] } }> } }
          >,
        )) {
          const op = OPERATIONS[method.operationId as OperationId] as Operation | undefined;
          if (!op || !method.requestBody) continue;
          if (op.rejectsBody) {
            delete method.requestBody;
            continue;
          }
          const schema = method.requestBody.content?.['application/json']?.schema;
          method.requestBody.required = Boolean(op.bodyRequired) || (Array.isArray(schema?.required) && schema.required.length > 0);
        }
      }
      return openapiObject;
    },
    transform: (input) => {
      // The tRPC channel has its own client typing; the OpenAPI document is the REST API.
      if (input.url.startsWith('/trpc')) return { schema: { hide: true }, url: input.url };
      const op = OPERATIONS[(input.schema as { operationId?: string } | undefined)?.operationId as OperationId] as Operation | undefined;
      const out = jsonSchemaTransform(op ? { ...input, schema: { ...input.schema, ...documentedRequest(op) } } : input);
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
      const success = out.schema.response ?? (op ? { [op.successStatus]: { description: STATUS_CODES[op.successStatus] } } : undefined);
      const response = success && op && op.id !== 'health' ? { ...(success as object), ...errorResponses(op) } : success;
      return { ...out, schema: { ...out.schema, security, ...(response ? { response } : {}) } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: docsCsp(serverUrl) });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
