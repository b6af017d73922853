// A recording stub of expo-notifications for tests: per-category upsert that resolves on a later tick, and a
// record of calls made while another was still running (the race of expo issue 37268).
'use strict';
const state = { registered: [], calls: [], overlapping: 0, inFlight: 0 };

exports.setNotificationCategoryAsync = function (identifier, actions, options) {
  // Android's module rejects a category without actions (ExpoNotificationCategoriesModule.kt).
  if (require('react-native').Platform.OS === 'android' && actions.length === 0) {
    return Promise.reject(new Error('Must provide at least one action'));
  }
  const call = JSON.parse(JSON.stringify({ identifier, actions, options: options === undefined ? null : options }));
  state.calls.push(call);
  if (state.inFlight > 0) state.overlapping += 1;
  state.inFlight += 1;
  return new Promise((resolve) => setTimeout(() => {
    state.registered = state.registered.filter((category) => category.identifier !== identifier).concat([call]);
    state.inFlight -= 1;
    resolve(call);
  }, 1));
};
exports.getNotificationCategoriesAsync = function () { return Promise.resolve(state.registered.slice()); };
exports.deleteNotificationCategoryAsync = function (identifier) {
  const before = state.registered.length;
  state.registered = state.registered.filter((category) => category.identifier !== identifier);
  return Promise.resolve(before !== state.registered.length);
};
exports.__state = state;
