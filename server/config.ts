import Joi from 'joi';

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** PostgreSQL URL; when unset the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  appSecret: string;
  publicUrl: string;
  /** Directory with the built PWA (vite output). */
  distDir: string;
  logLevel: string;
}

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'test', 'production').default('development'),
  PORT: Joi.number().integer().min(0).max(65535).default(3000),
  HOST: Joi.string().default('0.0.0.0'),
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .empty(''),
  DATA_DIR: Joi.string().default('./data'),
  APP_SECRET: Joi.string()
    .min(32)
    .when('NODE_ENV', {
      is: 'production',
      // biome-ignore lint/suspicious/noThenProperty: Joi's conditional API
      then: Joi.required(),
      otherwise: Joi.string().min(32).default('development-secret-change-me-in-production-0123456789'),
    }),
  PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  DIST_DIR: Joi.string().default('./dist'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
}).unknown(true);

export class ConfigError extends Error {}

/** Read and validate configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) {
    const lines = error.details.map((d) => `  - ${d.path.join('.')}: ${d.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const port = value.PORT as number;
  return {
    env: value.NODE_ENV,
    port,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    dataDir: value.DATA_DIR,
    appSecret: value.APP_SECRET,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    distDir: value.DIST_DIR,
    logLevel: value.LOG_LEVEL,
  };
}
