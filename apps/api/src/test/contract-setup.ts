import { afterAll, afterEach } from 'vitest';
import { takeContractViolations } from './contract-recorder';

/**
 * The API project's setup file (vitest.config.ts): a test whose answers the OpenAPI document does not describe
 * fails (decision 037). Answers of a file's `beforeAll` count against its first test; those of its `afterAll`
 * against the file.
 */
function failOnViolations() {
  const found = takeContractViolations();
  if (found.length === 0) return;
  const unique = [...new Set(found)];
  throw new Error(
    `The OpenAPI document (/api/docs/json) does not describe ${unique.length} answer(s) of this test:\n` +
      unique.slice(0, 20).join('\n') +
      (unique.length > 20 ? `\n… and ${unique.length - 20} more` : ''),
  );
}

afterEach(failOnViolations);
afterAll(failOnViolations);
