// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../../../lib/api';
import type { SaveHandlers } from '../components/admin-form';
import { CouponForm } from './coupons-page';

const mutate = vi.fn<(input: { id?: string; body: unknown }, handlers: SaveHandlers) => void>();
vi.mock('../api', () => ({ useSaveCoupon: () => ({ mutate, isPending: false }) }));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  mutate.mockReset();
});

// No i18n instance here, so the console's own texts are their keys; the contract's messages
// are its English.
const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'common.save' }));

describe('CouponForm (a console form on the contract schema)', () => {
  it('shows the contract’s error beside the field and sends nothing', async () => {
    render(<CouponForm onDone={() => {}} />);
    type('coupons.code', 'ab1');
    type('coupons.valuePercent', '150');
    submit();

    const code = field('coupons.code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('Coupon codes are exactly 6 letters or digits.'),
    );
    // The refinement across two fields lands on the field it names.
    expect(field('coupons.valuePercent')).toHaveAccessibleDescription(
      'A percentage is at most 100.',
    );
    expect(code).toHaveValue('AB1');
    expect(mutate).not.toHaveBeenCalled();
  });

  it('sends the body the schema made, and puts the server’s field errors on their fields', async () => {
    mutate.mockImplementation((_input, handlers) =>
      handlers.onError({
        success: false,
        message: 'Check the highlighted fields.',
        code: 'VALIDATION_ERROR',
        errors: [
          { path: 'code', message: 'A coupon with this code exists.' },
          { path: 'campaign', message: 'Unknown campaign.' },
        ],
        status: 400,
      } satisfies ApiErrorBody),
    );
    render(<CouponForm onDone={() => {}} />);
    type('coupons.code', 'save10');
    type('coupons.valuePercent', '10');
    type('coupons.expires', '2026-12-31T23:59');
    submit();

    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    expect(mutate.mock.calls[0]![0]).toEqual({
      id: undefined,
      body: {
        code: 'SAVE10',
        type: 'percent',
        value: 10,
        // 23:59 IST is 18:29 UTC.
        expires_at: '2026-12-31T18:29:00.000Z',
        max_uses: null,
        max_uses_per_user: 1,
        active: true,
      },
    });
    expect(await screen.findByText('A coupon with this code exists.')).toBeInTheDocument();
    expect(field('coupons.code')).toHaveAttribute('aria-invalid', 'true');
    // An error no field shows is listed at the end of the form.
    expect(screen.getByRole('alert')).toHaveTextContent('campaign: Unknown campaign.');
  });

  it('starts from the saved coupon and closes once saved', async () => {
    const onDone = vi.fn();
    mutate.mockImplementation((_input, handlers) => handlers.onSuccess());
    render(
      <CouponForm
        coupon={{
          _id: 'c1',
          code: 'WELCOM',
          type: 'off',
          value: 500,
          expires_at: null,
          max_uses: 10,
          max_uses_per_user: 1,
          active: false,
          used: 2,
          created_at: '2026-01-01T00:00:00.000Z',
        }}
        onDone={onDone}
      />,
    );
    expect(field('coupons.valueRupees')).toHaveValue(500);
    expect(field('coupons.maxUses')).toHaveValue(10);
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(mutate.mock.calls[0]![0]).toMatchObject({ id: 'c1', body: { max_uses: 10 } });
  });
});
