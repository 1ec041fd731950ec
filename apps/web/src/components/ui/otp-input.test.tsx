// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { OtpInput } from './otp-input';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

function Harness({ initial = '', onComplete }: { initial?: string; onComplete?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput label="One-time code" value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const slot = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const value = () => screen.getByTestId('value').textContent;

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

describe('OtpInput', () => {
  it('renders six labelled slots inside a named group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeInTheDocument();
    for (let n = 1; n <= 6; n += 1) {
      expect(slot(n).getAttribute('inputmode')).toBe('numeric');
    }
    expect(screen.queryByRole('textbox', { name: 'Digit 7 of 6' })).not.toBeInTheDocument();
    expect(slot(1).getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('takes one digit per slot and moves on to the next', () => {
    render(<Harness />);
    slot(1).focus();
    fireEvent.change(slot(1), { target: { value: '4' } });
    expect(value()).toBe('4');
    expect(document.activeElement).toBe(slot(2));
    fireEvent.change(slot(2), { target: { value: '2' } });
    expect(value()).toBe('42');
    expect(document.activeElement).toBe(slot(3));
  });

  it('ignores anything that is not a digit', () => {
    render(<Harness />);
    fireEvent.change(slot(1), { target: { value: 'a' } });
    expect(value()).toBe('');
    expect((slot(1) as HTMLInputElement).value).toBe('');
  });

  it('fills every slot from a pasted 6-digit code and reports it complete', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    paste(slot(1), ' 123 456 ');
    expect(value()).toBe('123456');
    for (let n = 1; n <= 6; n += 1) {
      expect((slot(n) as HTMLInputElement).value).toBe(String(n));
    }
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(slot(6));
  });

  it('replaces everything when a whole code is pasted into a later slot', () => {
    render(<Harness initial="99" />);
    paste(slot(3), '654321');
    expect(value()).toBe('654321');
  });

  it('accepts a whole code arriving in one slot at once (SMS autofill)', () => {
    render(<Harness />);
    fireEvent.change(slot(1), { target: { value: '112233' } });
    expect(value()).toBe('112233');
  });

  it('Backspace on an empty slot clears the previous one and moves back', () => {
    render(<Harness initial="123" />);
    slot(4).focus();
    fireEvent.keyDown(slot(4), { key: 'Backspace' });
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(slot(3));
    fireEvent.keyDown(slot(3), { key: 'Backspace' });
    expect(value()).toBe('1');
    expect(document.activeElement).toBe(slot(2));
  });

  it('Backspace on a filled slot clears that digit and stays', () => {
    render(<Harness initial="123" />);
    slot(3).focus();
    fireEvent.keyDown(slot(3), { key: 'Backspace' });
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(slot(3));
  });

  it('keeps entry gap-free: focusing a slot past the first empty one moves there', () => {
    render(<Harness initial="12" />);
    slot(5).focus();
    expect(document.activeElement).toBe(slot(3));
  });

  it('overwrites a filled slot with the newly typed digit', () => {
    render(<Harness initial="123" />);
    fireEvent.change(slot(2), { target: { value: '27' } });
    expect(value()).toBe('173');
    expect(document.activeElement).toBe(slot(3));
  });
});
