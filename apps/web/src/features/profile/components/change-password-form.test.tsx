// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signupPasswordSchema } from '@exhale/contract/auth';
import { initI18n } from '../../../lib/i18n';
import { ChangePasswordForm } from './change-password-form';

vi.mock('../api', () => ({ useChangePassword: () => ({ mutate: vi.fn(), isPending: false }) }));

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('ChangePasswordForm', () => {
  it('states the rule the server enforces for the new password (decision 079)', () => {
    render(<ChangePasswordForm />);
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      '8 to 16 characters, with an uppercase letter, a number and a special character.',
    );
    // The hint's rule is the contract's: 7 characters are refused, 8 and 16 pass, 17 are refused.
    expect(signupPasswordSchema.safeParse('Quit@20').success).toBe(false);
    expect(signupPasswordSchema.safeParse('Quit@202').success).toBe(true);
    expect(signupPasswordSchema.safeParse('Quit@20261234567').success).toBe(true);
    expect(signupPasswordSchema.safeParse('Quit@202612345678').success).toBe(false);
  });
});
