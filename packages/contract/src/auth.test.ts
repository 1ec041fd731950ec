import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  classifyLoginIdentifier,
  filterAge,
  googleLoginRequestSchema,
  missingInputsMessage,
  missingSignupInputs,
  normaliseLoginIdentifier,
  otpRequestSchema,
  otpVerifyRequestSchema,
  passwordChangeRequestSchema,
  passwordLoginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetLinkRequestSchema,
  resetPasswordRequestSchema,
  isSafeName,
  stripSpaces,
  toSafeName,
  userSchema,
  whatsappCheckRequestSchema,
  whatsappVerifyRequestSchema,
} from './auth';

/** The messages a schema reports for an input, in order; [] when it parses. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** [path, message] pairs, for the rules whose message must land on a given field. */
function issuesOf(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const NAME_RULE = 'Names cannot contain < or >, line breaks or invisible formatting characters.';

/** Names the one name rule refuses on every surface. */
const unsafeNames: [string, string][] = [
  ['markup', 'Asha <b>Rao'],
  ['a right-to-left override', 'Asha\u202ERao'],
  ['a left-to-right isolate', 'Asha\u2066Rao'],
  ['a zero-width space', 'Asha\u200BRao'],
  ['a byte-order mark', 'Asha\uFEFFRao'],
  ['a newline', 'Asha\nRao'],
  ['a control character', 'Asha\u0007Rao'],
  ['a joiner that is not between letters', 'Asha \u200DRao'],
];

const WEAK =
  'Password should contain at least one special character , one uppercase letter and one number';

describe('registerRequestSchema', () => {
  const valid = {
    name: 'Asha Rao',
    email: 'asha.rao@example.com',
    mobile: '9876543210',
    dob: 25,
    password: 'Secret#123',
    gender: 'female',
    step: 0,
  };

  it('accepts a complete form', () => {
    expect(registerRequestSchema.parse(valid)).toEqual(valid);
  });

  it('reports every blank field with its spec message, in the spec order', () => {
    expect(issuesOf(registerRequestSchema, {})).toEqual([
      ['name', 'Enter Name'],
      ['email', 'Enter valid Email'],
      ['mobile', 'Enter Valid Mobile'],
      ['dob', 'Enter valid Age'],
      ['password', 'Enter valid Password'],
      ['gender', 'Please select a gender'],
      ['step', 'Please Check Inputs'],
    ]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    // name: at least 2 characters, then letters and spaces, 1 to 20.
    ['a one-letter name', { name: 'A' }, ['Enter Name']],
    ['a name that is one letter once trimmed', { name: '  A  ' }, ['Enter Name']],
    ['a name with a digit', { name: 'Asha3' }, ['Enter Name']],
    ['a name with punctuation', { name: 'Asha.Rao' }, ['Enter Name']],
    ['a 21-character name', { name: 'A'.repeat(21) }, ['Enter Name']],
    ['a 20-character name', { name: 'Abcdefghij Klmnopqrs' }, []],
    ['a Devanagari name', { name: 'अनीता शर्मा' }, []],
    // The one name rule, with its own text.
    ...unsafeNames.map(([what, name]): [string, Record<string, unknown>, string[]] => [
      `a name with ${what}`,
      { name },
      [NAME_RULE],
    ]),
    ['a Hindi name with a ZWJ between letters', { name: 'क्\u200Dष' }, []],
    ['a Bengali name with a ZWNJ between letters', { name: 'র\u200Cয' }, []],
    ['a 2-letter name', { name: 'Jo' }, []],
    // email: blank is 'Enter valid Email', typed but malformed is the pattern text.
    ['a blank email', { email: '' }, ['Enter valid Email']],
    ['a spaces-only email', { email: '   ' }, ['Enter valid Email']],
    ['an email without @', { email: 'asha' }, ['Please enter a valid email address']],
    [
      'an email without a suffix',
      { email: 'asha@example' },
      ['Please enter a valid email address'],
    ],
    ['an email with +', { email: 'asha+1@example.com' }, ['Please enter a valid email address']],
    ['a 6-letter suffix', { email: 'asha@example.museum' }, ['Please enter a valid email address']],
    [
      'a digit in the suffix',
      { email: 'asha@example.c0m' },
      ['Please enter a valid email address'],
    ],
    [
      'an email over 254 characters',
      { email: `${'a'.repeat(250)}@x.in` },
      ['Please enter a valid email address'],
    ],
    ['dot, underscore, percent and hyphen', { email: 'a.b_c%d-e@mail-1.co.in' }, []],
    ['a 1-letter suffix', { email: 'asha@example.x' }, []],
    ['a 5-letter suffix', { email: 'asha@example.email' }, []],
    // mobile: exactly 10 digits.
    ['a 9-digit mobile', { mobile: '987654321' }, ['Enter Valid Mobile']],
    ['an 11-digit mobile', { mobile: '98765432101' }, ['Enter Valid Mobile']],
    ['a mobile with letters', { mobile: '98765abc10' }, ['Enter Valid Mobile']],
    ['a mobile with +91', { mobile: '+919876543210' }, ['Enter Valid Mobile']],
    ['a blank mobile', { mobile: '' }, ['Enter Valid Mobile']],
    ['a mobile sent as a number', { mobile: 9876543210 }, ['Enter Valid Mobile']],
    // age (dob).
    ['a blank age', { dob: '' }, ['Enter valid Age']],
    ['a null age', { dob: null }, ['Enter valid Age']],
    ['a non-numeric age', { dob: 'abc' }, ['Age must be a number']],
    ['a boolean age', { dob: true }, ['Age must be a number']],
    ['a fractional age', { dob: 12.5 }, ['Enter valid Age']],
    ['age 11', { dob: 11 }, ['Age must be at least 12']],
    ['age 12', { dob: 12 }, []],
    ['age 150', { dob: 150 }, []],
    ['age 151', { dob: 151 }, ['Age must not be greater than 150']],
    ['age 999 as text', { dob: '999' }, ['Age must not be greater than 150']],
    // password: blank or wrong length → 'Enter valid Password'; missing a class → the long text.
    ['a blank password', { password: '' }, ['Enter valid Password']],
    ['a 7-character password', { password: 'Abcde1!' }, ['Enter valid Password']],
    ['a 17-character password', { password: 'Abcdefghijklmn1!x' }, ['Enter valid Password']],
    ['no uppercase letter', { password: 'secret#123' }, [WEAK]],
    ['no digit', { password: 'Secret#abc' }, [WEAK]],
    ['no special character', { password: 'Secret1234' }, [WEAK]],
    ['only a space as special', { password: 'Secret 123' }, [WEAK]],
    ['exactly 8 characters', { password: 'Abcdef1!' }, []],
    ['exactly 16 characters', { password: 'Abcdefghijklm1!x' }, []],
    // gender.
    ['another gender value', { gender: 'other' }, ['Please select a gender']],
    ['a capitalised gender', { gender: 'Male' }, ['Please select a gender']],
    ['male', { gender: 'male' }, []],
    // step and total_points come from client code: generic text.
    ['step 2', { step: 2 }, ['Please Check Inputs']],
    ['step as text', { step: '1' }, ['Please Check Inputs']],
    ['step 1 with no points', { step: 1 }, []],
    ['step 1 with 0 points', { step: 1, total_points: 0 }, []],
    ['step 1 with 99 points', { step: 1, total_points: 99 }, []],
    ['step 1 with 100 points', { step: 1, total_points: 100 }, ['Please Check Inputs']],
    ['step 1 with negative points', { step: 1, total_points: -1 }, ['Please Check Inputs']],
    ['step 1 with fractional points', { step: 1, total_points: 12.5 }, ['Please Check Inputs']],
    ['step 0 with points', { step: 0, total_points: 10 }, ['Please Check Inputs']],
  ])('%s', (_name, override, expected) => {
    expect(messagesOf(registerRequestSchema, { ...valid, ...override })).toEqual(expected);
  });

  it('puts the points-without-step-1 message on total_points', () => {
    expect(issuesOf(registerRequestSchema, { ...valid, total_points: 10 })).toEqual([
      ['total_points', 'Please Check Inputs'],
    ]);
  });

  it('normalises what it accepts: trimmed name, email without spaces and lowercased, numeric age', () => {
    const parsed = registerRequestSchema.parse({
      ...valid,
      name: '  Asha Rao ',
      email: ' Asha.Rao@Example.COM ',
      mobile: '98765 43210',
      dob: ' 30 ',
    });
    expect(parsed).toMatchObject({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      mobile: '9876543210',
      dob: 30,
    });
  });

  it('drops fields a client must not set at sign-up', () => {
    const parsed = registerRequestSchema.parse({ ...valid, role: 'admin', type: 'premium' });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('type');
  });
});

describe('missingSignupInputs', () => {
  const filled = {
    name: 'Asha',
    email: 'asha@example.com',
    mobile: '9876543210',
    age: '25',
    password: 'Secret#123',
    gender: 'female',
  };

  it.each<[string, Record<string, string | null | undefined>, string[]]>([
    ['nothing when all are filled', filled, []],
    [
      'all six, in form order, for an empty form',
      {},
      ['name', 'email', 'mobile', 'age', 'password', 'gender'],
    ],
    ['whitespace-only as blank', { ...filled, name: '   ', gender: '' }, ['name', 'gender']],
    ['null as blank', { ...filled, age: null }, ['age']],
    ['undefined as blank', { ...filled, password: undefined }, ['password']],
  ])('lists %s', (_name, form, expected) => {
    expect(missingSignupInputs(form)).toEqual(expected);
  });

  it('feeds the spec message', () => {
    expect(missingInputsMessage(missingSignupInputs({ ...filled, mobile: '', age: '' }))).toBe(
      'Missing inputs: mobile, age',
    );
  });
});

describe('input filters', () => {
  it.each([
    ['25', '25'],
    ['12a3', '123'],
    ['1234', '123'],
    [' 4 5 ', '45'],
    ['abc', ''],
    ['', ''],
    ['-12', '12'],
  ])('filterAge(%j) = %j', (input, expected) => {
    expect(filterAge(input)).toBe(expected);
  });

  it.each([
    [' a b\tc\n', 'abc'],
    ['asha @ example.com', 'asha@example.com'],
    ['', ''],
  ])('stripSpaces(%j) = %j', (input, expected) => {
    expect(stripSpaces(input)).toBe(expected);
  });

  it.each([
    [' Asha@Example.COM ', 'asha@example.com'],
    ['98765 43210', '9876543210'],
    ['AsHa', 'asha'],
  ])('normaliseLoginIdentifier(%j) = %j', (input, expected) => {
    expect(normaliseLoginIdentifier(input)).toBe(expected);
  });

  it.each([
    [' Asha@Example.com', { email: 'asha@example.com' }],
    ['9876543210', { mobile: '9876543210' }],
    ['98765 43210', { mobile: '9876543210' }],
    // Not an email by the spec's pattern, so it is tried as a mobile (and then fails as one).
    ['asha', { mobile: 'asha' }],
    ['asha+1@example.com', { mobile: 'asha+1@example.com' }],
  ])('classifyLoginIdentifier(%j) = %j', (input, expected) => {
    expect(classifyLoginIdentifier(input)).toEqual(expected);
  });
});

describe('otpRequestSchema', () => {
  it.each<[string, unknown, string[]]>([
    ['an email', { email: 'asha@example.com' }, []],
    ['a mobile', { mobile: '9876543210' }, []],
    ['neither', {}, ['Enter your email or mobile number']],
    [
      'both',
      { email: 'asha@example.com', mobile: '9876543210' },
      ['Enter your email or mobile number'],
    ],
    ['a malformed email', { email: 'asha@' }, ['Please enter a valid email address']],
    ['a short mobile', { mobile: '12345' }, ['Enter Valid Mobile']],
  ])('%s', (_name, input, expected) => {
    expect(messagesOf(otpRequestSchema, input)).toEqual(expected);
  });

  it('normalises the identifier like the login field does', () => {
    expect(otpRequestSchema.parse({ email: ' Asha@Example.com ' })).toEqual({
      email: 'asha@example.com',
    });
  });
});

describe('otpVerifyRequestSchema', () => {
  it.each<[string, unknown, string[]]>([
    ['6 digits', { otp: '123456' }, []],
    ['6 digits with spaces', { otp: ' 123 456 ' }, []],
    ['5 digits', { otp: '12345' }, ['Invalid OTP!']],
    ['7 digits', { otp: '1234567' }, ['Invalid OTP!']],
    ['letters', { otp: 'abcdef' }, ['Invalid OTP!']],
    ['a number', { otp: 123456 }, ['Invalid OTP!']],
    ['nothing', {}, ['Invalid OTP!']],
  ])('%s', (_name, input, expected) => {
    expect(messagesOf(otpVerifyRequestSchema, input)).toEqual(expected);
  });
});

describe('passwordLoginRequestSchema', () => {
  it.each<[string, unknown, string[]]>([
    ['email and password', { email: 'asha@example.com', password: 'anything' }, []],
    ['mobile and password', { mobile: '9876543210', password: 'x' }, []],
    ['a blank password', { mobile: '9876543210', password: '' }, ['Enter valid Password']],
    ['no password', { mobile: '9876543210' }, ['Enter valid Password']],
    [
      'a 129-character password',
      { mobile: '9876543210', password: 'x'.repeat(129) },
      ['Password must not be longer than 128 characters.'],
    ],
    ['no identifier', { password: 'x' }, ['Enter your email or mobile number']],
  ])('%s', (_name, input, expected) => {
    expect(messagesOf(passwordLoginRequestSchema, input)).toEqual(expected);
  });
});

describe('googleLoginRequestSchema', () => {
  it.each<[string, unknown, boolean]>([
    ['an ID token', { credential: 'header.payload.sig' }, true],
    ['an access token', { access_token: 'ya29.token' }, true],
    ['only the spec payload', { email: 'a@b.com', name: 'A', step: 0, type: 'free' }, false],
  ])('%s → valid %s', (_name, input, valid) => {
    expect(googleLoginRequestSchema.safeParse(input).success).toBe(valid);
  });

  it('never carries the body email into the parsed request', () => {
    expect(
      googleLoginRequestSchema.parse({ credential: 'c', email: 'victim@example.com' }),
    ).toEqual({
      credential: 'c',
    });
  });
});

describe('resetLinkRequestSchema', () => {
  it.each<[string, unknown, string[]]>([
    ['an email', { email: 'asha@example.com' }, []],
    ['a malformed email', { email: 'asha' }, ['Please enter a valid email address']],
    ['nothing', {}, ['Please enter a valid email address']],
  ])('%s', (_name, input, expected) => {
    expect(messagesOf(resetLinkRequestSchema, input)).toEqual(expected);
  });
});

describe('resetPasswordRequestSchema', () => {
  it.each<[string, unknown, [string, string][]]>([
    ['matching passwords', { newPassword: 'Secret#123', confirm: 'Secret#123' }, []],
    // The sign-up rule, with the sign-up texts.
    [
      'a one-letter password',
      { newPassword: 'a', confirm: 'a' },
      [['newPassword', 'Enter valid Password']],
    ],
    [
      'a 17-character password',
      { newPassword: 'Secret#1234567890', confirm: 'Secret#1234567890' },
      [['newPassword', 'Enter valid Password']],
    ],
    [
      'a password without a digit',
      { newPassword: 'Secret#abc', confirm: 'Secret#abc' },
      [['newPassword', WEAK]],
    ],
    [
      'a weak mismatch: the mismatch first',
      { newPassword: 'a', confirm: 'b' },
      [['confirm', 'Password Does Not Match']],
    ],
    [
      'a mismatch',
      { newPassword: 'Secret#123', confirm: 'Secret#124' },
      [['confirm', 'Password Does Not Match']],
    ],
    [
      'a blank new password',
      { newPassword: '', confirm: '' },
      [['newPassword', 'All fields are required']],
    ],
    ['no confirm', { newPassword: 'Secret#123' }, [['confirm', 'All fields are required']]],
  ])('%s', (_name, input, expected) => {
    expect(issuesOf(resetPasswordRequestSchema, input)).toEqual(expected);
  });
});

describe('passwordChangeRequestSchema', () => {
  it.each<[string, unknown, [string, string][]]>([
    [
      'a valid change',
      { currentPassword: 'old', newPassword: 'Secret#123', confirm: 'Secret#123' },
      [],
    ],
    [
      'a new password shorter than sign-up allows',
      { currentPassword: 'Secret#123', newPassword: 'a', confirm: 'a' },
      [['newPassword', 'Enter valid Password']],
    ],
    [
      'a new password without a special character',
      { currentPassword: 'Secret#123', newPassword: 'Secret1234', confirm: 'Secret1234' },
      [['newPassword', WEAK]],
    ],
    [
      'all blank',
      { currentPassword: '', newPassword: '', confirm: '' },
      [
        ['currentPassword', 'All fields are required'],
        ['newPassword', 'All fields are required'],
        ['confirm', 'All fields are required'],
      ],
    ],
    [
      'a blank current password',
      { currentPassword: '', newPassword: 'n', confirm: 'n' },
      [['currentPassword', 'All fields are required']],
    ],
    [
      'new and confirm differ',
      { currentPassword: 'old', newPassword: 'new', confirm: 'other' },
      [['confirm', 'New Password and Confirm Password are not matching']],
    ],
    [
      'new equals current',
      { currentPassword: 'same', newPassword: 'same', confirm: 'same' },
      [['newPassword', 'New password should not be same as current password']],
    ],
    [
      'both rules broken: the mismatch is reported alone, first',
      { currentPassword: 'same', newPassword: 'same', confirm: 'other' },
      [['confirm', 'New Password and Confirm Password are not matching']],
    ],
  ])('%s', (_name, input, expected) => {
    expect(issuesOf(passwordChangeRequestSchema, input)).toEqual(expected);
  });
});

describe('profileUpdateRequestSchema', () => {
  const valid = {
    name: 'Asha',
    email: 'asha@example.com',
    mobile: '9876543210',
    dob: '30',
    gender: 'female',
  };

  it('accepts the form and parses the age', () => {
    expect(profileUpdateRequestSchema.parse(valid)).toEqual({ ...valid, dob: 30 });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a blank name', { name: '' }, ['Enter Valid Name']],
    ['a spaces-only name', { name: '   ' }, ['Enter Valid Name']],
    ['a 1-letter name', { name: 'A' }, []],
    ['a name with an apostrophe (Google accounts)', { name: "O'Brien" }, []],
    ...unsafeNames.map(([what, name]): [string, Record<string, unknown>, string[]] => [
      `a name with ${what}`,
      { name },
      [NAME_RULE],
    ]),
    ['a Hindi name with a joiner between letters', { name: 'क्\u200Dष' }, []],
    ['a 51-character name', { name: 'x'.repeat(51) }, ['Enter Valid Name']],
    ['a malformed email', { email: 'asha@' }, ['Please Enter a Valid Email']],
    ['a blank email', { email: '' }, ['Please Enter a Valid Email']],
    ['a 9-digit phone', { mobile: '987654321' }, ['Phone number must be 10 digits']],
    ['a phone with letters', { mobile: '98765abcde' }, ['Phone number must be 10 digits']],
    ['a blank age', { dob: '' }, ['Enter Valid Age']],
    ['a missing age', { dob: undefined }, ['Enter Valid Age']],
    ['a non-numeric age', { dob: 'old' }, ['Age must be a number']],
    ['age 11', { dob: 11 }, ['Age must be atleast 12']],
    ['age 151', { dob: '151' }, ['Age must not be greater than 150']],
    ['a blank gender', { gender: '' }, ['Please select a gender']],
  ])('%s', (_name, override, expected) => {
    expect(messagesOf(profileUpdateRequestSchema, { ...valid, ...override })).toEqual(expected);
  });

  it('drops fields that are not the profile form (type, role, step, password)', () => {
    const parsed = profileUpdateRequestSchema.parse({
      ...valid,
      type: 'premium',
      role: 'admin',
      step: 4,
      password: 'x',
    });
    expect(Object.keys(parsed).sort()).toEqual(['dob', 'email', 'gender', 'mobile', 'name']);
  });
});

describe('WhatsApp schemas', () => {
  it.each<[string, z.ZodType, unknown, string[]]>([
    [
      'check: 10 digits',
      whatsappCheckRequestSchema,
      { whatsapp_no: '9876543210', check: false },
      [],
    ],
    ['check: without check flag', whatsappCheckRequestSchema, { whatsapp_no: '9876543210' }, []],
    [
      'check: 9 digits',
      whatsappCheckRequestSchema,
      { whatsapp_no: '987654321', check: false },
      ['Enter a valid 10 digit WhatsApp number'],
    ],
    [
      'verify: number and code',
      whatsappVerifyRequestSchema,
      { whatsapp_no: '9876543210', otp: '123456' },
      [],
    ],
    [
      'verify: short code',
      whatsappVerifyRequestSchema,
      { whatsapp_no: '9876543210', otp: '12345' },
      ['Invalid OTP!'],
    ],
    [
      'verify: missing number',
      whatsappVerifyRequestSchema,
      { otp: '123456' },
      ['Enter a valid 10 digit WhatsApp number'],
    ],
  ])('%s', (_name, schema, input, expected) => {
    expect(messagesOf(schema, input)).toEqual(expected);
  });
});

describe('userSchema', () => {
  const user = {
    _id: 'u_1',
    name: 'Asha',
    email: 'asha@example.com',
    mobile: '9876543210',
    dob: 30,
    gender: 'female',
    profile: '/uploads/u_1.webp',
    whatsapp_no: null,
    type: 'free',
    step: 1,
    current_day: null,
    total_points: 42,
    role: 'user',
    created_at: '2026-01-05T04:30:00.000Z',
    data_saver: false,
    language: 'en',
  };

  it.each<[string, Record<string, unknown>, boolean]>([
    ['a full user', {}, true],
    [
      'a fresh Google sign-up with nothing but name and email',
      { mobile: null, dob: null, gender: null, profile: null, total_points: null, step: 0 },
      true,
    ],
    ['a premium user on day 3', { type: 'premium', current_day: 3 }, true],
    ['an unknown type', { type: 'gold' }, false],
    ['an unknown role', { role: 'superuser' }, false],
    ['current_day 0', { current_day: 0 }, false],
    ['a negative step', { step: -1 }, false],
    ['a non-ISO created_at', { created_at: '05/01/2026' }, false],
    ['a Tamil account', { language: 'ta' }, true],
    ['a language Exhale does not speak', { language: 'fr' }, false],
  ])('%s → valid %s', (_name, override, valid) => {
    expect(userSchema.safeParse({ ...user, ...override }).success).toBe(valid);
  });

  it('never lets a password hash through serialisation', () => {
    expect(userSchema.parse({ ...user, password_hash: '$argon2id$...' })).not.toHaveProperty(
      'password_hash',
    );
  });

  it('is what the register response carries beside token and step', () => {
    const body = { success: true, data: user, token: 'jwt', step: 1 };
    expect(registerResponseSchema.parse(body)).toEqual(body);
  });
});

describe('the one name rule', () => {
  it.each(unsafeNames)('refuses %s', (_what, name) => {
    expect(isSafeName(name)).toBe(false);
  });

  it.each([
    ['a plain name', 'Asha Rao'],
    ['an apostrophe and a hyphen', "Mary-Ann O'Brien"],
    ['a Hindi name with a joiner', 'क्\u200Dष'],
    ['a Bengali name with a non-joiner', 'র\u200Cয'],
  ])('accepts %s', (_what, name) => {
    expect(isSafeName(name)).toBe(true);
  });

  it('cleans a name from elsewhere: refused characters go, line breaks become spaces', () => {
    expect(toSafeName('<b>Asha</b>\nRao\u202E\u200B')).toBe('bAsha/b Rao');
    expect(toSafeName('क्\u200Dष')).toBe('क्\u200Dष');
    expect(toSafeName('\u202E')).toBe('');
  });
});
