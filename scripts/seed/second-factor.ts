// The demo admin's second factor: set up already, with a secret everyone knows
// (README, "Demo accounts"), so `npm start` keeps its admin dashboard one code
// away and the e2e specs can compute the code. Only the emulators ever see it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recoveryCodeHash, sealSecret } from '../../functions/src/accounts/totp.ts';
import { ADMIN_SECOND_FACTORS } from '../../src/domain/accounts/second-factor.ts';

/** The demo admin's TOTP secret (base32): add it to an authenticator app by hand. */
export const DEMO_ADMIN_TOTP_SECRET = 'SHELFMARKDEMOADMINTOTPKEY2345677';
/** The demo admin's recovery codes (each works once per seed). */
export const DEMO_ADMIN_RECOVERY_CODES = ['DEMO-RECO-VERY', 'DEMO-CODE-TWO2'] as const;

/** The key the functions emulator seals with: functions/.env.demo-shelfmark's SECOND_FACTOR_SECRET. */
function demoSealKey(): string {
  const file = fileURLToPath(new URL('../../functions/.env.demo-shelfmark', import.meta.url));
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('SECOND_FACTOR_SECRET='));
  if (!line) throw new Error('SECOND_FACTOR_SECRET is missing from functions/.env.demo-shelfmark');
  return line.slice('SECOND_FACTOR_SECRET='.length).trim();
}

/** The demo admin's admin_second_factors record: enrolled, no session yet (each sign-in enters a code). */
export function demoAdminSecondFactor(uid: string): { path: string; data: Record<string, unknown> } {
  const key = demoSealKey();
  return {
    path: `${ADMIN_SECOND_FACTORS}/${uid}`,
    data: {
      enrolled: true,
      secret: sealSecret(DEMO_ADMIN_TOTP_SECRET, key),
      last_step: 0,
      recovery_hashes: DEMO_ADMIN_RECOVERY_CODES.map((code) => recoveryCodeHash(code, key)),
      failures: 0,
      locked_until: null,
      sessions: {},
    },
  };
}
