import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { loadOrCreateSecretFile, readSecretFile } from '../adapters/secret-file.js';

const DEV_ADMIN_TOKEN_FILE = 'dev-admin-token';

/**
 * In development on the embedded database, an admin token kept under DATA_DIR when ADMIN_TOKEN is not set: the
 * embedded database admits one process only, so the keys and usage CLIs reach it through the running service's
 * admin API, and find this token where the service left it. Nothing changes in production, with ADMIN_TOKEN set,
 * or with PostgreSQL (the CLIs open it directly alongside the service).
 */
export function withDevAdminToken(config: Config): Config {
  if (config.ADMIN_TOKEN || config.NODE_ENV === 'production' || config.DATABASE_URL) return config;
  const token = loadOrCreateSecretFile(join(config.DATA_DIR, DEV_ADMIN_TOKEN_FILE), 'adm_');
  return Object.freeze({ ...config, ADMIN_TOKEN: token });
}

/** The admin token a CLI presents: ADMIN_TOKEN, else the development one a local service made (never creates one). */
export function adminTokenForCli(config: Config): string | undefined {
  return config.ADMIN_TOKEN ?? readSecretFile(join(config.DATA_DIR, DEV_ADMIN_TOKEN_FILE));
}
