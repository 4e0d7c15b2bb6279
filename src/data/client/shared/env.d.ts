// Build-time settings the web SDK reads (Vite inlines PUBLIC_* values).
interface ImportMetaEnv {
  /** Web API key of the real Firebase project; absent locally, which selects the demo project on the emulators. */
  readonly PUBLIC_FIREBASE_API_KEY?: string;
  /** Auth domain of the real project. */
  readonly PUBLIC_FIREBASE_AUTH_DOMAIN?: string;
  /** Project id of the real project. */
  readonly PUBLIC_FIREBASE_PROJECT_ID?: string;
  /** App id of the real project. */
  readonly PUBLIC_FIREBASE_APP_ID?: string;
  /** reCAPTCHA Enterprise site key for App Check; when set (with a real project) callable requests carry App Check tokens. */
  readonly PUBLIC_APP_CHECK_SITE_KEY?: string;
  /** Host the browser reaches the emulators on (default 127.0.0.1). */
  readonly PUBLIC_EMULATOR_HOST?: string;
  /** Auth emulator port (default 9099). */
  readonly PUBLIC_AUTH_EMULATOR_PORT?: string;
  /** Firestore emulator port (default 8080). */
  readonly PUBLIC_FIRESTORE_EMULATOR_PORT?: string;
  /** Functions emulator port (default 5001). */
  readonly PUBLIC_FUNCTIONS_EMULATOR_PORT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
