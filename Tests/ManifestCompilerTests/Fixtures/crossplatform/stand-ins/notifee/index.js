// A recording stub of @notifee/react-native for tests: behaves as the facts sheet describes the iOS side.
// - setNotificationCategories replaces every category; it validates synchronously (throws before any Promise).
// - getNotificationCategories reads back every action with `input: false` (Notifee's read-back bug).
// - an action whose `input` is present but not an object becomes a text-input action when set.
'use strict';
const state = { registered: [], calls: [] };

function readBack(category) {
  const copy = JSON.parse(JSON.stringify(category));
  copy.actions = (copy.actions || []).map((action) => {
    const { input, ...rest } = action;
    return { ...rest, input: false };
  });
  return copy;
}

const notifee = {
  SDK_VERSION: 'stub',
  getNotificationCategories() {
    state.calls.push(['getNotificationCategories']);
    return Promise.resolve(state.registered.map(readBack));
  },
  setNotificationCategories(categories) {
    if (!Array.isArray(categories)) throw new Error("notifee.setNotificationCategories(*) 'categories' expected an array");
    for (const category of categories) {
      if (typeof category.id !== 'string' || category.id.length === 0) throw new Error('category id');
      for (const action of category.actions || []) {
        if (typeof action.id !== 'string' || action.id.length === 0) throw new Error('action id');
        if (typeof action.title !== 'string' || action.title.length === 0) throw new Error('action title');
      }
    }
    const copy = JSON.parse(JSON.stringify(categories));
    state.calls.push(['setNotificationCategories', copy]);
    // What iOS gets: `input` present and not an object means a text-input action with the default button.
    state.registered = copy.map((category) => ({
      ...category,
      actions: (category.actions || []).map((action) =>
        'input' in action && (typeof action.input !== 'object' || action.input === null)
          ? { ...action, input: {} }
          : action),
    }));
    return Promise.resolve();
  },
};

const IOSIntentIdentifier = {};
[
  'START_AUDIO_CALL', 'START_VIDEO_CALL', 'SEARCH_CALL_HISTORY', 'SET_AUDIO_SOURCE_IN_CAR',
  'SET_CLIMATE_SETTINGS_IN_CAR', 'SET_DEFROSTER_SETTINGS_IN_CAR', 'SET_SEAT_SETTINGS_IN_CAR', 'SET_PROFILE_IN_CAR',
  'SAVE_PROFILE_IN_CAR', 'START_WORKOUT', 'PAUSE_WORKOUT', 'END_WORKOUT', 'CANCEL_WORKOUT', 'RESUME_WORKOUT',
  'SET_RADIO_STATION', 'SEND_MESSAGE', 'SEARCH_FOR_MESSAGES', 'SET_MESSAGE_ATTRIBUTE', 'SEND_PAYMENT',
  'REQUEST_PAYMENT', 'SEARCH_FOR_PHOTOS', 'START_PHOTO_PLAYBACK', 'LIST_RIDE_OPTIONS', 'REQUEST_RIDE',
  'GET_RIDE_STATUS',
].forEach((name, index) => { IOSIntentIdentifier[name] = index; IOSIntentIdentifier[index] = name; });

exports.default = notifee;
exports.IOSIntentIdentifier = IOSIntentIdentifier;
exports.__state = state;
