import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
}

/**
 * Every route of the running server, read from Fastify's own route tree (`printRoutes`): each line is a node
 * whose path continues its parent's, e.g. "│   └── /:id (PUT, DELETE)".
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    stack.push(segment);
    if (!methods) continue;
    const url = stack.join('');
    for (const method of methods.split(',').map((name) => name.trim())) {
      routes.push({ method: method as HTTPMethods, url });
    }
  }
  return routes;
}

/** A concrete address for a route pattern: each ":param" becomes `id` (1 unless given), a "*" becomes "x". */
export const concrete = (url: string, id: string | number = 1) =>
  url.replace(/:[^/]+/g, String(id)).replace(/\*/g, 'x');

/** The route's "METHOD /pattern" name, for messages and policy tables. */
export const routeName = (route: RouteEntry) => `${route.method} ${route.url}`;
