import { Messages } from '@exhale/contract/messages';
import { Step } from '@exhale/contract/steps';
import { forbidden } from '../../lib/app-error';

/** 403 'Please Take Test' (spec §4 "User step"): what the programme answers before the first test. */
export const takeTestFirst = () =>
  forbidden(Messages.TAKE_TEST_FIRST.code, Messages.TAKE_TEST_FIRST.message);

/**
 * The programme (lessons, exercises, live sessions) starts with the first SIM test: a user still
 * at step 0 is refused until they have taken it. The web app sends them to /sim-test before they
 * get here (decision 022); this keeps a direct API caller to the same rule.
 */
export function requireFirstTestTaken(user: { step: number }): void {
  if (user.step === Step.FIRST_TEST_PENDING) throw takeTestFirst();
}
