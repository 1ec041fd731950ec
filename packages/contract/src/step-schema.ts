// The step as a request field. Apart from the rules in steps.ts so that the web, which only reads
// steps, does not bundle zod for them.
import { z } from 'zod';
import { Messages } from './messages';

export const stepSchema = z
  .number({ error: Messages.VALIDATION_ERROR.message })
  .int({ error: Messages.VALIDATION_ERROR.message })
  .min(0, { error: Messages.VALIDATION_ERROR.message });

/** `PUT /user/profile {step}`; whether the move is allowed is `isAllowedClientStepTransition`. */
export const profileStepRequestSchema = z.object({ step: stepSchema });
export type ProfileStepRequest = z.infer<typeof profileStepRequestSchema>;
