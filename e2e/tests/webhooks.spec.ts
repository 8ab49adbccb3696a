import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../src/accounts';

for (const width of [1280, 375]) {
  test(`the owner adds a webhook, copies its secret once and sends a test event (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Integrations: webhooks' }).click();
    await expect(page).toHaveTitle('Integrations - Bilum');
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

    // A private address is refused on the field, in words.
    const form = page.getByRole('form', { name: 'Add a webhook' });
    await form.getByLabel('Receiver address').fill('https://10.0.0.5/hooks');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(
      form.getByText('The address leads to a private or local network, which is not allowed.'),
    ).toBeVisible();

    const url = `https://hooks.example/bilum-${width}-${Date.now()}`;
    await form.getByLabel('Receiver address').fill(url);
    await form.getByLabel('Description (optional)').fill('Courier bookings');
    await form.getByLabel('Stock low').uncheck();
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const dialog = page.getByRole('dialog', { name: 'Webhook added' });
    await expect(dialog).toBeVisible();
    const secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{20,}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const endpoint = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: url });
    await expect(endpoint).toContainText('Order paid, Order status changed');
    // The secret is not on the page any more.
    await expect(page.getByText(secret)).toHaveCount(0);

    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued.')).toBeVisible();
    const delivery = page
      .getByRole('list', { name: 'Recent deliveries' })
      .getByRole('listitem')
      .filter({ hasText: url });
    await expect(delivery.first()).toContainText('webhook.test');

    await endpoint.getByRole('button', { name: 'Turn off' }).click();
    await expect(endpoint).toContainText('Off');
  });
}
