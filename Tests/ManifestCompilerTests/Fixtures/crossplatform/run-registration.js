// Runs a compiled registration module against the recording stubs and prints what was registered as JSON.
// Usage: node run-registration.js notifee|expo MODULE.js
'use strict';
const [library, modulePath] = process.argv.slice(2);
const stubName = library === 'notifee' ? '@notifee/react-native' : 'expo-notifications';
const translate = (key, value) => key + '|' + value;

// A category other code registered before: a plain action and a text-input action.
const foreign = {
  notifee: { id: 'foreign', actions: [{ id: 'foreignPlain', title: 'Plain' }, { id: 'foreignInput', title: 'Input', input: {} }] },
  expo: { identifier: 'foreign', actions: [{ identifier: 'foreignPlain', buttonTitle: 'Plain' }], options: null },
};

async function run(argument, platform = 'ios') {
  require('react-native').Platform.OS = platform;
  const stub = require(stubName);
  stub.__state.registered = [JSON.parse(JSON.stringify(foreign[library]))];
  stub.__state.calls = [];
  stub.__state.overlapping = 0;
  const generated = require(modulePath);
  if (argument === undefined) await generated.registerNotificationCategories();
  else await generated.registerNotificationCategories(argument);
  return JSON.parse(JSON.stringify(stub.__state));
}

(async () => {
  const plain = await run(undefined);
  const translated = await run(translate);
  const android = await run(undefined, 'android');
  // ASCII only: every character outside it as a \u escape, which every JSON reader decodes alike.
  const json = JSON.stringify({ plain, translated, android });
  process.stdout.write(json.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')));
})().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error) + '\n');
  process.exit(1);
});
