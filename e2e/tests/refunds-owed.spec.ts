import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { paiseToRupees, priceBreakdown } from '../../packages/contract/src/money';
import { expect, loginAs, registerUser, test } from '../fixtures';

// Decisions 021 and 037: the console's refunds list shows a refund owed to
// an erased account with the payment reference it goes back to, and marks the automatic refund of
// a duplicate payment, which cannot be rejected. Set E2E_SHOTS to a folder to keep screenshots.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Opens a checkout for the paid plan, with the demo's 10% coupon or not; the order id. */
async function openCheckout(
  request: APIRequestContext,
  token: string,
  { coupon = false } = {},
): Promise<string> {
  const plans = (await (await request.get('/api/plan')).json()) as {
    data: {
      _id: string;
      duration: number;
      price_paise: number;
      special_price_paise: number | null;
    }[];
  };
  const plan = plans.data.find((p) => p.duration !== 0)!;
  const verified = coupon
    ? ((await (
        await request.post('/api/coupon/verify', { headers: auth(token), data: { code: 'EXHALE' } })
      ).json()) as { data: { id: string; type: 'percent' | 'off'; value: number } })
    : undefined;
  const amounts = priceBreakdown({
    pricePaise: plan.special_price_paise ?? plan.price_paise,
    coupon: verified ? { type: verified.data.type, value: verified.data.value } : null,
  });
  const order = await request.post('/api/user-plan', {
    headers: auth(token),
    data: {
      plan_id: plan._id,
      total: paiseToRupees(amounts.totalPaise),
      ...(verified ? { coupon_id: verified.data.id } : {}),
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  return ((await order.json()) as { data: { payment: { order_id: string } } }).data.payment
    .order_id;
}

/** Pays an order in the sandbox and verifies it; the verify response. */
async function payAndVerify(request: APIRequestContext, token: string, orderId: string) {
  const pay = await request.post('/api/payments/sandbox/pay', {
    headers: auth(token),
    data: { order_id: orderId, outcome: 'success' },
  });
  expect(pay.ok(), await pay.text()).toBe(true);
  const receipt = ((await pay.json()) as { data: Record<string, string> }).data;
  return request.post('/api/user-plan/verify', {
    headers: { ...auth(token), 'x-razorpay-signature': receipt.razorpay_signature! },
    data: { order_id: receipt.razorpay_order_id, payment_id: receipt.razorpay_payment_id },
  });
}

async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('the refunds list shows an erased account’s refund and an automatic duplicate refund', async ({
  page,
}) => {
  const { request } = page;
  // A member asks for a refund, then erases their account.
  const leaver = await registerUser(request, { name: 'Kabir Sethi' }, { landingTestPoints: 40 });
  const bought = await payAndVerify(
    request,
    leaver.token,
    await openCheckout(request, leaver.token),
  );
  expect(bought.ok(), await bought.text()).toBe(true);
  const planId = ((await bought.json()) as { data: { _id: string } }).data._id;
  const asked = await request.put('/api/user-plan/request-refund', {
    headers: auth(leaver.token),
    data: { id: planId },
  });
  expect((await asked.json()).data.success).toBe(true);
  expect(
    (await request.delete('/api/auth/user/delete', { headers: auth(leaver.token) })).ok(),
  ).toBe(true);

  // Another pays twice from two tabs: the older checkout, replaced by one with a coupon, is
  // still payable at the provider, and its capture is refunded by itself.
  const twice = await registerUser(request, { name: 'Noor Bhatia' }, { landingTestPoints: 40 });
  const plain = await openCheckout(request, twice.token);
  const discounted = await openCheckout(request, twice.token, { coupon: true });
  expect((await payAndVerify(request, twice.token, discounted)).ok()).toBe(true);
  expect((await payAndVerify(request, twice.token, plain)).status()).toBe(409);

  await loginAs(page, { email: 'admin@example.com' });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/refunds');
    await expect(page.getByTestId('splash')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Erased account' }).first();
    await expect(row).toBeVisible();
    await expect(row.getByText(/^Payment pay_/)).toBeVisible();
    await expect(
      row.getByRole('button', { name: 'Approve the refund of Erased account' }),
    ).toBeVisible();
    await shoot(page, `refunds-erased-${width}`);
  }
  await page.getByLabel('Show').selectOption({ label: 'All requests' });
  const duplicate = page.getByRole('row').filter({ hasText: 'Noor Bhatia' }).first();
  await expect(duplicate.getByText(/^Automatic: a duplicate payment/)).toBeVisible();
  await expect(duplicate.getByText('Refunded')).toBeVisible();
  await shoot(page, 'refunds-all-360');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});
