// Preloaded into every Node process the emulators start (NODE_OPTIONS, scripts/emulator-env.mjs),
// it acts in two of them only: a functions emulator worker, the process firebase-tools starts
// to run our functions (below), and the firebase CLI, whose emulator then shares those
// workers between functions (shareWorkers, at the end).
//
// Why: such a worker's runtime (firebase-tools' functionsEmulatorRuntime.js) imports two
// modules for a few small things each, and pays for everything they import:
// - firebase-tools' functionsEmulatorShared.js, for two header names and a path helper,
//   with firebase-tools' deploy and extension code behind it (0.9 CPU-s);
// - the firebase-functions package root, for `app.setEmulatedAdminApp`, with every v2
//   provider behind it (1.1 CPU-s), where our functions each load only their own.
// That is most of the 2–2.5 CPU-s a worker took to start on our two-core machines, paid
// some 250 times in a full `npm test`. Here the runtime gets those things without the rest;
// anything else it asks of either module (a later firebase-tools) loads the real one, so
// nothing can go missing. Production is untouched: Cloud Functions runs no emulator runtime.
'use strict';

const Module = require('node:module');
const { readFileSync } = require('node:fs');
const path = require('node:path');

const runtime = process.argv[1] ?? '';

/**
 * Puts a stand-in for the module at `file` in the require cache: `light`'s properties,
 * and for any other property the real module, loaded then.
 */
function standIn(file, light) {
  const stand = new Module(file, module);
  stand.filename = file;
  stand.loaded = true;
  let real;
  const loadReal = () => {
    if (!real) {
      delete require.cache[file];
      real = require(file);
      require.cache[file] = stand;
    }
    return real;
  };
  stand.exports = new Proxy(light, {
    get: (target, key) => (key in target ? target[key] : loadReal()[key]),
    has: (target, key) => key in target || key in loadReal(),
    ownKeys: () => Reflect.ownKeys(loadReal()),
    getOwnPropertyDescriptor: (target, key) =>
      key in target
        ? Reflect.getOwnPropertyDescriptor(target, key)
        : Reflect.getOwnPropertyDescriptor(loadReal(), key),
  });
  require.cache[file] = stand;
}

/**
 * The folder of the package named `moduleName` that holds `filepath`: the nearest folder
 * at or above it with a readable package.json, when that package.json has that name; ''
 * otherwise (the answer of functionsEmulatorShared's findModuleRoot).
 */
function findModuleRoot(moduleName, filepath) {
  const parts = filepath.split(path.sep);
  for (let drop = 0; drop < parts.length; drop++) {
    const folder = (drop === 0 ? parts : parts.slice(0, -drop)).join(path.sep);
    let name;
    try {
      name = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).name;
    } catch {
      continue; // no package.json here, or none that reads: look one folder up
    }
    return name === moduleName ? parts.slice(0, parts.length - drop).join('/') : '';
  }
  return '';
}

if (/[\\/]firebase-tools[\\/]lib[\\/]emulator[\\/]functionsEmulatorRuntime(\.js)?$/.test(runtime)) {
  standIn(path.join(path.dirname(runtime), 'functionsEmulatorShared.js'), {
    HttpConstants: {
      CALLABLE_AUTH_HEADER: 'x-callable-context-auth',
      ORIGINAL_AUTH_HEADER: 'x-original-auth',
    },
    findModuleRoot,
  });

  // The worker runs in the functions' folder; their firebase-functions is the one to stand in for.
  let root;
  try {
    root = require.resolve('firebase-functions', { paths: [process.cwd()] });
  } catch {
    root = undefined; // not installed there: the runtime reports that itself
  }
  if (root) {
    const common = path.join(findModuleRoot('firebase-functions', root), 'lib', 'common', 'app.js');
    let setApp;
    try {
      setApp = require(common).setApp;
    } catch {
      setApp = undefined; // another layout (a later firebase-functions): leave the root as it is
    }
    if (typeof setApp === 'function') standIn(root, { app: { setEmulatedAdminApp: setApp } });
  }
}

/**
 * In the firebase CLI, workers are shared between functions. The emulator gives each
 * function workers of its own, so a run starts one per function it calls (and one more
 * per concurrent call): about a hundred in the functions tests, each paying 1.5–2 CPU-s
 * to load Node, firebase-admin and the Firestore client, most of those tests' worker CPU.
 * Here any idle worker serves any function, told which one with each request, the way
 * the emulator's own debug mode (--inspect-functions) does it, while calls still run in
 * parallel: a worker is added only when every worker is busy. Each request gets its
 * function's timeout and log label. Production is untouched: a Cloud Functions
 * instance serves one function. SHELFMARK_SHARED_FUNCTION_WORKERS=0 turns this off.
 */
function shareWorkers(emulatorDir) {
  const { RuntimeWorkerPool } = require(path.join(emulatorDir, 'functionsRuntimeWorker.js'));
  const { FunctionsEmulator } = require(path.join(emulatorDir, 'functionsEmulator.js'));
  const { getSignatureType } = require(path.join(emulatorDir, 'functionsEmulatorShared.js'));
  const { EmulatorLogger } = require(path.join(emulatorDir, 'emulatorLogger.js'));
  const pool = RuntimeWorkerPool?.prototype;
  const emulator = FunctionsEmulator?.prototype;
  const known =
    typeof pool?.submitRequest === 'function' &&
    typeof pool.getIdleWorker === 'function' &&
    typeof pool.getKey === 'function' &&
    typeof emulator?.addTriggerRecord === 'function' &&
    typeof emulator.getEmulatorEnvs === 'function' &&
    typeof getSignatureType === 'function' &&
    typeof EmulatorLogger?.forFunction === 'function';
  if (!known) return; // another firebase-tools: each function keeps workers of its own

  /** Each function's definition by id, as the emulator last loaded it. */
  const definitions = new Map();
  const addTriggerRecord = emulator.addTriggerRecord;
  emulator.addTriggerRecord = function (definition, options) {
    definitions.set(definition.id, definition);
    return addTriggerRecord.call(this, definition, options);
  };
  // The worker runtime then takes the function to run from the message before each request.
  const getEmulatorEnvs = emulator.getEmulatorEnvs;
  emulator.getEmulatorEnvs = function (...args) {
    return { ...getEmulatorEnvs.apply(this, args), FUNCTION_DEBUG_MODE: 'true' };
  };
  // One pool key for every function: any idle worker answers any call.
  pool.getKey = () => '~shared~';
  const submitRequest = pool.submitRequest;
  pool.submitRequest = function (triggerId, req, resp, body, debug) {
    const worker = this.getIdleWorker(triggerId);
    const definition = definitions.get(triggerId);
    if (!worker || !definition) return submitRequest.call(this, triggerId, req, resp, body, debug);
    // The message goes before the request, on the channel the runtime reads first; the
    // worker is marked busy by request() in this same turn, so no other call can take it.
    worker.runtime.process.send(
      JSON.stringify({
        functionTarget: definition.entryPoint,
        functionSignature: getSignatureType(definition),
      }),
    );
    worker.triggerKey = triggerId;
    worker.timeoutSeconds = definition.timeoutSeconds;
    worker.logger = EmulatorLogger.forFunction(triggerId);
    return worker.request(req, resp, body, false);
  };
}

const FIREBASE_CLI = /[\\/](?:\.bin[\\/]firebase|firebase-tools[\\/]lib[\\/]bin[\\/]firebase\.js)$/;
if (FIREBASE_CLI.test(runtime) && process.env.SHELFMARK_SHARED_FUNCTION_WORKERS !== '0') {
  // Patched when the CLI first loads the functions emulator, in the copy it loads.
  const EMULATOR = /[\\/]firebase-tools[\\/]lib[\\/]emulator[\\/]functionsEmulator\.js$/;
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const exported = load.call(this, request, parent, isMain);
    if (typeof request === 'string' && request.includes('functionsEmulator')) {
      let file;
      try {
        file = Module._resolveFilename(request, parent, isMain);
      } catch {
        file = '';
      }
      if (EMULATOR.test(file)) {
        Module._load = load;
        shareWorkers(path.dirname(file));
      }
    }
    return exported;
  };
}
