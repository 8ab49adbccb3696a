import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The contract test of the OpenAPI document (issue 30, decision 037): every answer an API test receives is checked
 * against the document the same app serves, with ajv in strict mode. A status the operation does not document, a
 * JSON answer without a schema, or a body its schema refuses is a violation; the test that received it fails
 * (test/contract-setup.ts).
 */

/** One answer as the server sent it. */
export interface Answer {
  method: string;
  /** The route's pattern as Fastify has it (`/api/orders/:id`). */
  route: string;
  status: number;
  contentType: string | undefined;
  /** The body as sent; undefined when it could not be read (a stream, a compressed body). */
  body: string | undefined;
}

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** `/api/orders/:id` -> `/api/orders/{id}`, as @fastify/swagger writes paths. */
export const documentPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const mediaTypeOf = (contentType: string | undefined) => ((contentType ?? '').split(';')[0] ?? '').trim().toLowerCase();
const isJsonMedia = (media: string) => media === 'application/json' || /^application\/[\w.+-]+\+json$/.test(media);

/**
 * An OpenAPI 3.0 Schema Object as the JSON Schema ajv reads, without widening it: `$ref`s to the document's
 * components point into the schema registered below; `nullable` is ajv's own OpenAPI keyword; 3.0's boolean
 * `exclusiveMinimum`/`exclusiveMaximum` (draft 4) become draft 7's numbers; `example` is a known annotation.
 */
export function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string')
      copy[key] = value.replace('#/components/schemas/', 'components#/definitions/');
    else if (key === 'properties' && value && typeof value === 'object') {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, jsonSchemaOf(item)]));
    } else copy[key] = jsonSchemaOf(value);
  }
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof copy[bound] !== 'boolean') continue;
    if (copy[bound] === true) copy[bound] = copy[limit];
    else delete copy[bound];
    if (copy[bound] !== undefined) delete copy[limit];
  }
  return copy;
}

/** The documented response for a status: its exact code, else its range (`4XX`); `default` is not taken. */
function responseFor(responses: Record<string, ResponseObject>, status: number): ResponseObject | undefined {
  return responses[String(status)] ?? responses[`${String(status).charAt(0)}XX`];
}

export interface Contract {
  /** What is wrong with this answer by the document: nothing when it is documented and its body fits. */
  check(answer: Answer): string[];
  /** Whether the document describes this operation at all. */
  describes(method: string, route: string): boolean;
  /** Compiles every response schema of the document in strict mode: what ajv refuses, by where it is. */
  compileEvery(): string[];
}

/** Validators by schema text, shared by every document this worker checks (each test app makes its own). */
const compiled = new Map<string, ValidateFunction>();
/** The id under which each distinct set of components is registered with ajv. */
const componentIds = new Map<string, string>();
let ajv: Ajv | undefined;

/** The validator of each schema object of a document already checked against (the same objects each time). */
const bySchemaObject = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: unknown, components: Record<string, unknown>): ValidateFunction {
  const known = typeof schema === 'object' && schema !== null ? bySchemaObject.get(schema) : undefined;
  if (known) return known;
  const validate = compileValidator(schema, components);
  if (typeof schema === 'object' && schema !== null) bySchemaObject.set(schema, validate);
  return validate;
}

function compileValidator(schema: unknown, components: Record<string, unknown>): ValidateFunction {
  if (!ajv) {
    // Strict: an unknown keyword or format, or a contradictory schema, throws instead of being ignored.
    ajv = new Ajv({ strict: true, allErrors: true });
    addFormats(ajv);
    // OpenAPI 3.0's own annotation keyword (it validates nothing).
    ajv.addKeyword({ keyword: 'example' });
  }
  const componentsText = JSON.stringify(components);
  let id = componentIds.get(componentsText);
  if (!id) {
    id = `components-${componentIds.size}`;
    ajv.addSchema({ $id: id, definitions: jsonSchemaOf(components) });
    componentIds.set(componentsText, id);
  }
  const text = JSON.stringify(jsonSchemaOf(schema)).replaceAll('"components#/', `"${id}#/`);
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text) as object);
    compiled.set(text, validate);
  }
  return validate;
}

export function createContract(document: OpenApiDocument): Contract {
  const components = document.components?.schemas ?? {};
  const operation = (method: string, route: string) =>
    // A HEAD is its GET's operation (Fastify adds it; the document lists the GET).
    document.paths[documentPath(route)]?.[(method === 'HEAD' ? 'GET' : method).toLowerCase()];

  return {
    describes: (method, route) => operation(method, route) !== undefined,
    compileEvery() {
      const refused: string[] = [];
      for (const [path, methods] of Object.entries(document.paths)) {
        for (const [method, { responses = {} }] of Object.entries(methods)) {
          for (const [status, response] of Object.entries(responses)) {
            for (const [media, { schema }] of Object.entries(response.content ?? {})) {
              if (schema === undefined) continue;
              try {
                validatorFor(schema, components);
              } catch (error) {
                refused.push(`${method.toUpperCase()} ${path} ${status} ${media}: ${(error as Error).message}`);
              }
            }
          }
        }
      }
      return refused;
    },
    check(answer) {
      const name = `${answer.method} ${answer.route} → ${answer.status}`;
      const found = operation(answer.method, answer.route);
      if (!found) return [`${name}: the document has no such operation`];
      const response = responseFor(found.responses ?? {}, answer.status);
      if (!response) {
        const documented = Object.keys(found.responses ?? {}).join(', ');
        return [`${name}: status ${answer.status} is not documented (documented: ${documented})`];
      }
      if (answer.method === 'HEAD' || answer.body === undefined || answer.body === '') return [];
      const media = mediaTypeOf(answer.contentType);
      const content = response.content ?? {};
      const described = content[media] ?? (isJsonMedia(media) ? undefined : content['*/*']);
      if (!isJsonMedia(media)) {
        // A file, a picture, a page: its media type must be the documented one when the document names any.
        const types = Object.keys(content);
        return types.length && !described
          ? [`${name}: ${media} is not documented (documented: ${types.join(', ')})`]
          : [];
      }
      if (!described?.schema) return [`${name}: a JSON answer (${media}) but the document gives it no schema`];
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        return [`${name}: the answer says ${media} but is not JSON`];
      }
      const validate = validatorFor(described.schema, components);
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (error) =>
          `${name}: body${error.instancePath || ''} ${error.message ?? 'is not valid'} (schema ${error.schemaPath}; ` +
          `value ${JSON.stringify(valueAt(body, error.instancePath))?.slice(0, 120)})`,
      );
    },
  };
}

function valueAt(value: unknown, pointer: string): unknown {
  let at = value;
  for (const part of pointer.split('/').slice(1)) {
    at = (at as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return at;
}
