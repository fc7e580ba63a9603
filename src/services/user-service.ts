import type { Sex } from '../domain/body-composition.ts';
import { AppError, type ErrorDetail } from '../domain/error-catalog.ts';
import { isCalendarDate, type Height, type Region, type TermsAcceptance, type User, type Weight } from '../domain/user.ts';
import { bodySizeProblems } from '../domain/units.ts';
import { uuidV7 } from '../domain/uuid-v7.ts';
import { objectKeys, type ServiceContext } from './service-context.ts';
import type { Tenant, UserFields } from './ports.ts';

export interface RegisterUserInput {
  token: string;
  email?: string | null;
  sex: Sex;
  region: Region;
  usaResidence?: string;
  birthDate: string;
  weight: Weight;
  height: Height;
  researchConsent: boolean;
  termsOfService: { accepted: boolean; version: string };
}

export type PatchUserInput = Partial<Omit<RegisterUserInput, 'termsOfService'>>;

function checkBirthDate(birthDate: string, now: Date, path: string): ErrorDetail[] {
  if (!isCalendarDate(birthDate)) return [{ path, message: 'must be a real calendar date written YYYY-MM-DD' }];
  if (birthDate > now.toISOString().slice(0, 10)) return [{ path, message: 'must not be in the future' }];
  return [];
}

function throwIfProblems(problems: ErrorDetail[]): void {
  if (problems.length > 0) throw new AppError('invalid_input', 'The request is invalid; see details.', problems);
}

export async function requireUser(context: ServiceContext, tenant: Tenant, token: string): Promise<User> {
  const user = await context.db.users.findUserByToken(tenant, token);
  if (!user) throw new AppError('user_not_found', `No user with token "${token}".`);
  return user;
}

/** POST /users: upsert keyed by token (decisions.md); records the terms acceptance given. */
export async function registerUser(context: ServiceContext, tenant: Tenant, input: RegisterUserInput): Promise<User> {
  const now = context.clock.now();
  throwIfProblems([...checkBirthDate(input.birthDate, now, '/body/birthDate'), ...bodySizeProblems(input, '/body')]);
  const fields: UserFields = {
    token: input.token,
    email: input.email ?? null,
    sex: input.sex,
    region: input.region,
    usaResidence: input.usaResidence ?? null,
    birthDate: input.birthDate,
    weight: input.weight,
    height: input.height,
    researchConsent: input.researchConsent,
  };
  return context.db.transaction(async (tx) => {
    const { user } = await tx.users.upsertUserByToken(tenant, uuidV7(now.getTime()), fields, now);
    await tx.users.insertTermsAcceptance(uuidV7(now.getTime()), user, input.termsOfService.accepted, input.termsOfService.version, now);
    return user;
  });
}

export async function getUser(context: ServiceContext, tenant: Tenant, token: string): Promise<User> {
  return requireUser(context, tenant, token);
}

/** PATCH /users/{token}: changes only the given fields; a token already taken is a 409. */
export async function patchUser(context: ServiceContext, tenant: Tenant, token: string, patch: PatchUserInput): Promise<User> {
  const now = context.clock.now();
  throwIfProblems([...(patch.birthDate === undefined ? [] : checkBirthDate(patch.birthDate, now, '/body/birthDate')), ...bodySizeProblems(patch, '/body')]);
  return context.db.transaction(async (tx) => {
    const user = await tx.users.findUserByToken(tenant, token);
    if (!user) throw new AppError('user_not_found', `No user with token "${token}".`);
    if (patch.token !== undefined && patch.token !== user.token && (await tx.users.findUserByToken(tenant, patch.token))) {
      throw new AppError('user_token_taken', `Another user already has token "${patch.token}".`);
    }
    const fields: UserFields = {
      token: patch.token ?? user.token,
      email: patch.email === undefined ? user.email : patch.email,
      sex: patch.sex ?? user.sex,
      region: patch.region ?? user.region,
      usaResidence: patch.usaResidence ?? user.usaResidence,
      birthDate: patch.birthDate ?? user.birthDate,
      weight: patch.weight ?? user.weight,
      height: patch.height ?? user.height,
      researchConsent: patch.researchConsent ?? user.researchConsent,
    };
    return tx.users.updateUser(tenant, user.id, fields, now);
  });
}

/** DELETE /users/{token}: the user, its scans, predictions, terms records and stored files. */
export async function deleteUser(context: ServiceContext, tenant: Tenant, token: string): Promise<User> {
  const { user, scanIds } = await context.db.transaction(async (tx) => {
    const found = await tx.users.findUserByToken(tenant, token);
    if (!found) throw new AppError('user_not_found', `No user with token "${token}".`);
    const ids = await tx.scans.listScanIdsOfUser(found.id);
    await tx.users.deleteUser(tenant, found.id);
    return { user: found, scanIds: ids };
  });
  for (const scanId of scanIds) await context.store.deletePrefix(objectKeys.scanFolder(scanId));
  return user;
}

export async function listTerms(context: ServiceContext, tenant: Tenant, token: string): Promise<TermsAcceptance[]> {
  const user = await requireUser(context, tenant, token);
  return context.db.users.listTermsAcceptances(user);
}

/** POST /users/{userToken}/terms: records acceptance of `version` (default: current terms version). */
export async function acceptTerms(context: ServiceContext, tenant: Tenant, token: string, version: string | undefined): Promise<TermsAcceptance> {
  const user = await requireUser(context, tenant, token);
  const now = context.clock.now();
  return context.db.users.insertTermsAcceptance(uuidV7(now.getTime()), user, true, version ?? context.settings.termsVersion, now);
}
