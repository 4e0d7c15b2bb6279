// Preloaded into every Node process the emulators start (NODE_OPTIONS, scripts/emulator-env.mjs),
// it acts only in a functions emulator worker: the process firebase-tools starts, once per
// function and per concurrent call, to run our functions.
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
