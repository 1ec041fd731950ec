import { expect, test } from '../fixtures';

// Issue 44, the console's channels: this month's cost estimate and 'Send a test', which answers
// with what the provider said. Without providers configured every channel is the local outbox.

test('an operator sees the month’s cost per channel and sends themselves a test mail', async ({
  page,
  loginAs,
}) => {
  await loginAs({ email: 'admin@example.com' });
  await page.goto('/admin/programme-messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Programme messages' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /^Cost estimate for \d{4}-\d{2}$/ }),
  ).toBeVisible();
  // Push is free whatever the prices: its line shows a price of ₹0.
  await expect(page.getByText(/^\d+ × ₹0 = ₹0$/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Test Email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'outbox accepted' })).toHaveText(
    'a••••@example.com: outbox accepted the Email test.',
  );
  // The test is a real message: it is in the local outbox for the operator's address.
  const res = await page.request.get('/dev/outbox.json?to=admin@example.com');
  const { data } = (await res.json()) as { data: { subject: string }[] };
  expect(data.map((message) => message.subject)).toContain('Exhale test message');
});
