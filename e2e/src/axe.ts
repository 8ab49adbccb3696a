import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now, one line each. Running
 * animations finish first: a toast fading in is measured at its final colours, not half-way (axe once read a
 * fading toast as low contrast).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A string: this package is type-checked without the DOM's types.
  // An animation cancelled meanwhile (a toast dismissed, a menu closed) rejects its `finished`: that is done too.
  await page.evaluate(
    'Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)))',
  );
  // Violations only, in the page itself (the shop has no frames): several times faster than the default.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary}`,
      ),
    );
}

/** No serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}
