import pino, { type Logger as PinoLogger } from 'pino';
import type { Logger } from '../services/ports.ts';

/** Structured JSON logs on stdout (pino); `silent` for tests. */
export function createPinoLogger(level: string): PinoLogger {
  return pino({ level, base: { service: 'bodyscan' } });
}

/** The services' Logger port over pino. */
export function servicesLogger(logger: PinoLogger): Logger {
  return {
    info: (fields, message) => logger.info(fields, message),
    warn: (fields, message) => logger.warn(fields, message),
    error: (fields, message) => logger.error(fields, message),
  };
}
