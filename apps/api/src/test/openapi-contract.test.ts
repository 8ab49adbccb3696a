import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodyComponent, withNullInNullableEnums } from '../plugins/openapi-document';
import { type Answer, createContract, documentPath, type OpenApiDocument } from './openapi-contract';
import { createTestApp, type TestContext } from './test-app';

const errorBody = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };

/** One operation as the generator writes it before issue 30: a nullable enum without null, and a 404. */
const document: OpenApiDocument = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['kind', 'count'],
                  properties: {
                    kind: { type: 'string', enum: ['basic', 'premium'], nullable: true },
                    count: { type: 'integer', minimum: 0, exclusiveMinimum: true },
                  },
                  additionalProperties: false,
                },
              },
            },
          },
          '204': { content: {} },
          '404': errorBody,
        },
      },
    },
    '/api/files/{id}': { get: { responses: { '200': {}, '500': errorBody } } },
  },
  components: { schemas: { ErrorBody: errorBodyComponent } },
};

const answer = (overrides: Partial<Answer> & { json?: unknown }): Answer => ({
  method: 'GET',
  route: '/api/things/:id',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(overrides.json ?? { kind: 'basic', count: 2 }),
  ...overrides,
});

describe('the OpenAPI contract check (issue 30, decision 037)', () => {
  const contract = createContract(document);

  it('takes an answer the document describes', () => {
    expect(contract.check(answer({}))).toEqual([]);
    expect(contract.check(answer({ status: 204, body: '' }))).toEqual([]);
    const notFound = { error: { code: 'NOT_FOUND', message: 'No such thing.' } };
    expect(contract.check(answer({ status: 404, json: notFound }))).toEqual([]);
    expect(documentPath('/api/images/:id/:file')).toBe('/api/images/{id}/{file}');
  });

  it('fails a status the operation does not document', () => {
    const conflict = { error: { code: 'CONFLICT', message: 'Taken.' } };
    expect(contract.check(answer({ status: 409, json: conflict }))).toEqual([
      'GET /api/things/:id → 409: status 409 is not documented (documented: 200, 204, 404)',
    ]);
  });

  it('fails a null where the document’s nullable enum leaves null out, and takes it once null is listed', () => {
    const withNull = answer({ json: { kind: null, count: 2 } });
    const [violation, ...more] = contract.check(withNull);
    expect(more).toEqual([]);
    expect(violation).toMatch(/^GET \/api\/things\/:id → 200: body\/kind must be equal to one of the allowed values/);
    expect(createContract(withNullInNullableEnums(document)).check(withNull)).toEqual([]);
  });

  it('fails a body its schema refuses: a missing field, an extra one, a number out of range, the wrong error shape', () => {
    expect(contract.check(answer({ json: { kind: 'basic' } })).join()).toMatch(/must have required property 'count'/);
    expect(contract.check(answer({ json: { kind: 'basic', count: 2, extra: 1 } })).join()).toMatch(
      /must NOT have additional properties/,
    );
    // OpenAPI 3.0's boolean exclusiveMinimum: 0 itself is out.
    expect(contract.check(answer({ json: { kind: 'basic', count: 0 } })).join()).toMatch(/must be > 0/);
    expect(contract.check(answer({ status: 404, json: { message: 'No such thing.' } })).join()).toMatch(
      /must have required property 'error'/,
    );
  });

  it('fails a JSON answer whose response has no schema, an operation the document lacks, and a body that is not JSON', () => {
    expect(contract.check(answer({ route: '/api/files/:id' }))).toEqual([
      'GET /api/files/:id → 200: a JSON answer (application/json) but the document gives it no schema',
    ]);
    expect(contract.check(answer({ route: '/api/files/:id', contentType: 'image/webp', body: 'RIFF' }))).toEqual([]);
    expect(contract.check(answer({ method: 'DELETE' }))).toEqual([
      'DELETE /api/things/:id → 200: the document has no such operation',
    ]);
    expect(contract.check(answer({ body: '<html>' })).join()).toMatch(/is not JSON/);
    // A HEAD is its GET, without a body.
    expect(contract.check(answer({ method: 'HEAD', body: '' }))).toEqual([]);
  });
});

describe('the shop’s own OpenAPI document under the contract check', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('compiles every response schema with ajv in strict mode', () => {
    const shop = createContract(ctx.app.swagger() as unknown as OpenApiDocument);
    expect(shop.compileEvery()).toEqual([]);
    expect(shop.describes('POST', '/api/orders/track')).toBe(true);
  });
});
