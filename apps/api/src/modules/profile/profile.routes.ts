import {
  dataSaverUpdateRequestSchema,
  languageUpdateRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  userResponseSchema,
  type ProfileUpdateRequest,
} from '@exhale/contract/auth';
import { messageEnvelopeSchema } from '@exhale/contract/envelope';
import { Messages } from '@exhale/contract/messages';
import { profileStepRequestSchema, type ProfileStepRequest } from '@exhale/contract/step-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { bearerAuth, errorResponses } from '../../lib/http-schemas';
import { parseInput, validationError } from '../../lib/validation';
import { caller, sessionScope } from '../../plugins/auth';
import { uploadFailure } from '../../plugins/uploads';
import { publicOrigin } from '../../lib/public-origin';
import { createEmailVerificationService } from '../auth/email-verification.module';
import { AVATAR_MAX_BYTES } from './avatar';
import type { ProfileChange } from './profile.service';
import { createProfileService } from './profile.module';

const PROFILE_FIELDS = ['name', 'email', 'mobile', 'dob', 'gender'] as const;

function isStepBody(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'step' in data;
}

/**
 * PUT /user/profile takes either the profile form or `{step}` as JSON. Each is checked against
 * its own contract schema (a plain union would bury the spec's field messages under "Invalid
 * input"); a multipart body is read by the handler instead, so it passes through here.
 */
function profileBodyValidator(route: FastifyRouteSchemaDef<unknown>) {
  if (route.httpPart !== 'body') return validatorCompiler({ ...route, schema: z.unknown() });
  const step = validatorCompiler({ ...route, schema: profileStepRequestSchema });
  const details = validatorCompiler({ ...route, schema: profileUpdateRequestSchema });
  return (data: unknown) =>
    data === undefined || data === null
      ? { value: undefined }
      : isStepBody(data)
        ? step(data)
        : details(data);
}

const imageTooLarge = () =>
  new AppError(413, Messages.IMAGE_TOO_LARGE.code, Messages.IMAGE_TOO_LARGE.message);

const nothingToUpdate = () =>
  validationError([{ path: '', message: Messages.VALIDATION_ERROR.message }]);

/** The change a JSON body asks for: the profile form or a step. */
function jsonChange(body: ProfileUpdateRequest | ProfileStepRequest | undefined): ProfileChange {
  if (body === undefined) throw nothingToUpdate();
  return 'step' in body ? { step: body.step } : { details: body };
}

/**
 * The change a multipart body asks for: at most one image in the field `profile` and, optionally,
 * the profile form's fields (checked with the same schema and messages as JSON).
 */
async function multipartChange(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<ProfileChange> {
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'profile') image = await part.toBuffer();
        else part.file.resume(); // an unexpected file is drained and ignored
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadFailure(app, error, imageTooLarge);
  }
  const hasDetails = PROFILE_FIELDS.some((field) => field in fields);
  if (!hasDetails && !image) throw nothingToUpdate();
  return {
    details: hasDetails ? parseInput(profileUpdateRequestSchema, fields) : undefined,
    image,
  };
}

export async function profileRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const profile = createProfileService({
    db: app.db,
    storage: app.storage,
    counters: app.counters,
    log: app.log,
    outbox: app.outbox,
    emailVerification: createEmailVerificationService({
      db: app.db,
      tokens: app.tokens,
      outbox: app.outbox,
      clock: app.clock,
    }),
  });
  const signedIn = app.authenticate();

  typed.get(
    '/user/profile',
    {
      // Read on every page of the app: its one query also checks the session, and it
      // serialises fast.
      onRequest: app.authenticateInQuery,
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags: ['profile'],
        summary: "The caller's profile",
        security: bearerAuth,
        response: { 200: userResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profile.getForSession(sessionScope(request)),
    }),
  );

  typed.put(
    '/user/profile',
    {
      onRequest: signedIn,
      validatorCompiler: profileBodyValidator,
      schema: {
        tags: ['profile'],
        summary: 'Update the profile form, the step, or the picture',
        description:
          'JSON `{name, email, mobile, dob, gender}` or `{step}` (only the allowed step moves; others are 403), ' +
          'or multipart/form-data with the picture in the file field `profile` (JPEG, PNG or WebP, at most 2 MB; ' +
          'stored as a 256×256 WebP) and optionally the profile form fields.',
        security: bearerAuth,
        consumes: ['application/json', 'multipart/form-data'],
        body: z.union([profileUpdateRequestSchema, profileStepRequestSchema]),
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request) => {
      const change = request.isMultipart()
        ? await multipartChange(app, request)
        : jsonChange(request.body as ProfileUpdateRequest | ProfileStepRequest | undefined);
      return {
        success: true as const,
        message: Messages.PROFILE_UPDATE_SUCCESS.message,
        data: await profile.update(caller(request).userId, {
          ...change,
          origin: publicOrigin(app.config, request),
        }),
      };
    },
  );

  typed.delete(
    '/user/profile/delete-pic',
    {
      onRequest: signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Remove the profile picture',
        security: bearerAuth,
        response: { 200: userResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: Messages.PROFILE_IMAGE_DELETED.message,
      data: await profile.deleteImage(caller(request).userId),
    }),
  );

  typed.put(
    '/user/profile/data-saver',
    {
      onRequest: signedIn,
      schema: {
        tags: ['profile'],
        summary: "Turns the member's Data saver on or off (lessons play their small version)",
        security: bearerAuth,
        body: dataSaverUpdateRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profile.setDataSaver(caller(request).userId, request.body.data_saver),
    }),
  );

  typed.patch(
    '/user/profile/language',
    {
      onRequest: signedIn,
      schema: {
        tags: ['profile'],
        summary: "Sets the account's language (en, hi, mr, ta, te or bn)",
        description:
          'Mails, SMS and WhatsApp texts and invoices are written in it (decision 065). The web ' +
          'calls it when a signed-in member switches language. Another value is 400. With ' +
          '`if_unset: true` the language changes only if the member never set it (an account ' +
          'from before the account language); the web sends its UI language this way once per ' +
          'sign-in (decision 068). The account is answered as it is either way.',
        security: bearerAuth,
        body: languageUpdateRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profile.setLanguage(caller(request).userId, request.body.language, {
        ifUnset: request.body.if_unset,
      }),
    }),
  );

  typed.put(
    '/user/profile/password_update',
    {
      onRequest: signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Change the password; every other session ends',
        security: bearerAuth,
        querystring: z.object({ reqEvent: z.literal('password_update').optional() }),
        body: passwordChangeRequestSchema,
        response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { userId, sessionId } = caller(request);
      await profile.changePassword(userId, sessionId, request.body);
      return { success: true as const, message: Messages.PASSWORD_UPDATE_SUCCESS.message };
    },
  );
}
