import { Type } from 'typebox';
import { SEXES } from '../../domain/body-composition.ts';
import { REGIONS } from '../../domain/user.ts';
import { UNIT_SYSTEMS } from '../../domain/units.ts';
import { DateTime, HeightSchema, Nullable, StringEnum, WeightSchema } from './common.ts';

const token = Type.String({ minLength: 1, maxLength: 256, description: 'Partner-chosen unique user token. Must not carry personal data.' });
const birthDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, a real date, not in the future' });

export const RegisterUserBody = Type.Object({
  token,
  email: Type.Optional(Nullable(Type.String({ maxLength: 320 }))),
  sex: StringEnum(SEXES),
  region: StringEnum(REGIONS),
  usaResidence: Type.Optional(Type.String({ maxLength: 64 })),
  birthDate,
  weight: WeightSchema,
  height: HeightSchema,
  researchConsent: Type.Boolean(),
  termsOfService: Type.Object({ accepted: Type.Boolean(), version: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
}, { additionalProperties: false, title: 'RegisterUser' });

export const PatchUserBody = Type.Object({
  token: Type.Optional(token),
  email: Type.Optional(Nullable(Type.String({ maxLength: 320 }))),
  sex: Type.Optional(StringEnum(SEXES)),
  region: Type.Optional(StringEnum(REGIONS)),
  usaResidence: Type.Optional(Type.String({ maxLength: 64 })),
  birthDate: Type.Optional(birthDate),
  weight: Type.Optional(WeightSchema),
  height: Type.Optional(HeightSchema),
  researchConsent: Type.Optional(Type.Boolean()),
}, { additionalProperties: false, title: 'UserChanges' });

export const UserSchema = Type.Object({
  id: Type.String(),
  token: Type.String(),
  email: Nullable(Type.String()),
  sex: StringEnum(SEXES),
  region: StringEnum(REGIONS),
  usaResidence: Type.Optional(Type.String()),
  birthDate: Type.String(),
  weight: WeightSchema,
  height: HeightSchema,
  researchConsent: Type.Boolean(),
}, { title: 'User' });

export const TermsAcceptanceSchema = Type.Object({
  userId: Type.String(),
  userToken: Type.String(),
  accepted: Type.Boolean(),
  version: Type.String(),
  acceptanceDate: DateTime,
}, { title: 'TermsAcceptance' });

export const AcceptTermsBody = Type.Object({ version: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false, title: 'AcceptTerms' });

export const TokenParams = Type.Object({ token: Type.String() });
export const UserTokenParams = Type.Object({ userToken: Type.String() });

export const ListUsersQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 50 }),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  tokenContains: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Only users whose token contains this text (case-insensitive).' })),
  'unit-system': Type.Optional(StringEnum(UNIT_SYSTEMS)),
}, { additionalProperties: false });

export const UserPageSchema = Type.Object({
  results: Type.Array(UserSchema),
  pageInfo: Type.Object({ cursor: Nullable(Type.String()) }),
}, { title: 'UserPage' });
