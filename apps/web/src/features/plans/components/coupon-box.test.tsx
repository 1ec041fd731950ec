// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { CouponBox, type CouponBoxProps } from './coupon-box';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

function renderBox(props: Partial<CouponBoxProps> = {}) {
  const onApply = vi.fn();
  const onClear = vi.fn();
  render(
    <CouponBox
      appliedCode={null}
      applying={false}
      error={null}
      onApply={onApply}
      onClear={onClear}
      {...props}
    />,
  );
  return { onApply, onClear, input: screen.getByRole('textbox', { name: 'Coupon code' }) };
}

const applyButton = () => screen.queryByRole('button', { name: 'Apply' });

describe('CouponBox', () => {
  it('takes at most 6 characters', () => {
    const { input } = renderBox();
    expect(input.getAttribute('maxlength')).toBe('6');
    fireEvent.change(input, { target: { value: 'exhale10' } });
    expect((input as HTMLInputElement).value).toBe('EXHALE');
  });

  it('shows Apply only when exactly 6 characters are typed', () => {
    const { input } = renderBox();
    expect(applyButton()).toBeNull();
    for (const partial of ['E', 'EXH', 'EXHAL']) {
      fireEvent.change(input, { target: { value: partial } });
      expect(applyButton(), partial).toBeNull();
    }
    fireEvent.change(input, { target: { value: 'EXHALE' } });
    expect(applyButton()).not.toBeNull();
    fireEvent.change(input, { target: { value: 'EXHAL' } });
    expect(applyButton()).toBeNull();
  });

  it('applies the upper-cased code with the button or Enter', () => {
    const { input, onApply } = renderBox();
    fireEvent.change(input, { target: { value: 'off500' } });
    fireEvent.click(applyButton()!);
    expect(onApply).toHaveBeenCalledWith('OFF500');
    fireEvent.submit(input.closest('form')!);
    expect(onApply).toHaveBeenCalledTimes(2);
  });

  it('never applies a short code on Enter', () => {
    const { input, onApply } = renderBox();
    fireEvent.change(input, { target: { value: 'OFF50' } });
    fireEvent.submit(input.closest('form')!);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('hides Apply for the code already applied and offers Remove', () => {
    const { input, onClear } = renderBox({ appliedCode: 'EXHALE' });
    expect((input as HTMLInputElement).value).toBe('EXHALE');
    expect(applyButton()).toBeNull();
    expect(screen.getByText('Coupon EXHALE applied')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onClear).toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it("shows the server's reason and ties it to the input", () => {
    const { input } = renderBox({ error: 'This coupon has expired.' });
    const message = screen.getByText('This coupon has expired.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
  });
});
