// A stand-in of react-native's Platform for tests; run-registration.js sets OS for each run.
'use strict';
exports.Platform = { OS: 'ios' };
