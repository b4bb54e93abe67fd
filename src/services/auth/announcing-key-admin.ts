import type { KeyChange } from '../../ports/key-changes.js';
import type { KeyAdmin } from '../../ports/key-admin.js';

/**
 * The same key administration, announcing each issue and revocation to `announce` once it is written, so this
 * process's key cache drops what it knew before the writer (the admin API, a test) hears back.
 */
export function announceKeyChanges<A extends KeyAdmin>(admin: A, announce: (change: KeyChange) => void): A {
  return {
    ...admin,
    async create(name) {
      const issued = await admin.create(name);
      announce({ kind: 'created', keyId: issued.id });
      return issued;
    },
    async revoke(id) {
      const revoked = await admin.revoke(id);
      if (revoked) announce({ kind: 'revoked', keyId: revoked.id });
      return revoked;
    },
  };
}
