import type { FastifyInstance } from 'fastify';
import { type Contract, createContract, type OpenApiDocument } from './openapi-contract';

/**
 * Checks every answer of a test app against the document that app serves (decision 037), as it is sent: the
 * violations wait here until the test that caused them ends (test/contract-setup.ts fails it). Routes a test adds
 * for itself (createTestApp's `beforeReady`) are not the shop's operations and are left out.
 */
const violations: string[] = [];

export function takeContractViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** Call before a test adds routes of its own: those routes are not checked. */
export function recordContract(app: FastifyInstance): { ignoreRoutesFromNowOn(): void } {
  const testRoutes = new Set<string>();
  let ignoring = false;
  app.addHook('onRoute', (route) => {
    if (!ignoring) return;
    for (const method of [route.method].flat()) testRoutes.add(`${String(method).toUpperCase()} ${route.url}`);
  });
  let contract: Contract | undefined;
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    // No route (an unknown address, answered by the not-found handler) is no operation.
    if (route === undefined || !route.startsWith('/api/') || testRoutes.has(`${request.method} ${route}`)) {
      return done(null, payload);
    }
    // Routes hidden from the document (health checks, the 3-D Secure test page) are not operations of it.
    if ((request.routeOptions.schema as { hide?: boolean } | undefined)?.hide) return done(null, payload);
    contract ??= createContract(app.swagger() as unknown as OpenApiDocument);
    // A compressed body or a stream cannot be read here: its status is still checked.
    const encoded = reply.getHeader('content-encoding') !== undefined;
    const body =
      payload === null || payload === undefined
        ? ''
        : encoded
          ? undefined
          : typeof payload === 'string'
            ? payload
            : Buffer.isBuffer(payload)
              ? payload.toString('utf8')
              : undefined;
    const contentType = reply.getHeader('content-type');
    try {
      violations.push(
        ...contract.check({
          method: request.method,
          route,
          status: reply.statusCode,
          contentType: contentType === undefined ? undefined : String(contentType),
          body,
        }),
      );
    } catch (error) {
      // A schema ajv refuses in strict mode is the document's fault too.
      violations.push(`${request.method} ${route} → ${reply.statusCode}: ${(error as Error).message}`);
    }
    done(null, payload);
  });
  return {
    ignoreRoutesFromNowOn() {
      ignoring = true;
    },
  };
}
