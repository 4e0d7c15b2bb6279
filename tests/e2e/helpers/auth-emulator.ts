// The Auth emulator keeps every out-of-band code it issued (verification links
// included) and lists them over REST: the test reads the link a new member
// would find in their mailbox.
import { AUTH_EMULATOR_HOST, eventually, PROJECT_ID } from './emulators';

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The newest email-verification link issued for `email`. */
export async function verificationLink(email: string): Promise<string> {
  return eventually(`a verification link for ${email}`, async () => {
    const response = await fetch(`http://${AUTH_EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
    return oobCodes
      .filter((c) => c.requestType === 'VERIFY_EMAIL' && c.email.toLowerCase() === email.toLowerCase())
      .at(-1)?.oobLink;
  });
}
