import { expect, type Page } from '@playwright/test';

/** Adds a product to the guest cart from its page and closes the "Added to cart" dialog. */
export async function addToGuestCart(page: Page, productId: number) {
  await page.goto(`/index-item/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Continue shopping' }).click();
}

/** Fills a guest's contact form for delivery in Port Moresby (NCD), with the e-mail address `email`. */
export async function fillGuestContact(page: Page, email: string) {
  await page.getByLabel('First name').fill('Kila');
  await page.getByLabel('Last name').fill('Wari');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('71234567');
  await page.getByLabel('Street address').fill('Section 5, Lot 12');
  await page.getByLabel('City').fill('Port Moresby');
  await page.getByLabel('Province', { exact: true }).selectOption('National Capital District');
  await page.getByLabel('Postcode').fill('111');
}

/** On /contact-details of a signed-in shopper: pickup at the Port Moresby store, then on to /checkout. */
export async function continueToPickupCheckout(page: Page) {
  await page.getByLabel('I will pick up my order').check();
  await page.getByLabel('Pickup point').selectOption({ label: 'Bilum store, Port Moresby' });
  await page.getByRole('button', { name: 'CONTINUE TO CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}
