/**
 * A reason this process cannot start that the operator can fix: a port in use, an unusable data
 * directory, an unreachable database. The message is one sentence that names the setting to
 * change; the CLI prints it alone (no stack, no usage text) and exits non-zero.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

type SystemError = Error & { code?: string; syscall?: string; path?: string; errors?: unknown[] };

/** The error's system code (ECONNREFUSED, EADDRINUSE, …); AggregateErrors carry it on their parts. */
function systemCode(error: unknown): string | undefined {
  const system = error as SystemError;
  if (typeof system?.code === 'string') return system.code;
  const first = system?.errors?.[0] as SystemError | undefined;
  return typeof first?.code === 'string' ? first.code : undefined;
}

/** A listen() failure as one sentence, or null when it is not one we can explain. */
export function listenProblem(error: unknown, host: string, port: number): StartupError | null {
  const code = systemCode(error);
  if (code === 'EADDRINUSE') return new StartupError(`Port ${port} is already in use on ${host}: stop the program that holds it, or set PORT to a free port.`, { cause: error });
  if (code === 'EACCES') return new StartupError(`This process may not listen on port ${port}: set PORT to a port above 1023, or run with the permission to bind it.`, { cause: error });
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new StartupError(`HOST ${host} is not an address of this machine: set HOST to one of its addresses (0.0.0.0 for all).`, { cause: error });
  return null;
}

const FILE_SYSTEM_CODES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file is in the way of a folder',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EISDIR: 'a folder is where a file should be',
};

/** A failure to create, lock or open the embedded database's folder, as one sentence; else null. */
export function dataDirProblem(error: unknown, dataDir: string): StartupError | null {
  const code = systemCode(error);
  const reason = code ? FILE_SYSTEM_CODES[code] : undefined;
  if (!reason) return null;
  return new StartupError(`The data directory ${dataDir} cannot be used (${reason}): check DATA_DIR and its permissions.`, { cause: error });
}

const DATABASE_CODES: Record<string, string> = {
  ECONNREFUSED: 'nothing accepts connections there',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ECONNRESET: 'the server closed the connection',
  '28P01': 'the password was refused',
  '28000': 'the user may not connect',
  '3D000': 'the database does not exist',
};

/** The address part of a database URL without its credentials: `host:port/database`. */
export function redactedDatabaseAddress(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'the configured address';
  }
}

/** A failure to connect to PostgreSQL as one sentence (credentials never printed); else null. */
export function databaseProblem(error: unknown, databaseUrl: string): StartupError | null {
  const code = systemCode(error);
  const reason = code ? DATABASE_CODES[code] : undefined;
  if (!reason) return null;
  return new StartupError(`Cannot use the PostgreSQL database at ${redactedDatabaseAddress(databaseUrl)} (${reason}): start it, or correct DATABASE_URL.`, { cause: error });
}
