// Stand-in declarations of @notifee/react-native 9.1.8's iOS category API, written from
// ../shared/reference/cross-platform-facts.md §2.1 (packages/react-native/src/types/NotificationIOS.ts, Module.ts).
// Only what registration code needs; the names and shapes are the library's.

export enum IOSIntentIdentifier {
  START_AUDIO_CALL = 0,
  START_VIDEO_CALL = 1,
  SEARCH_CALL_HISTORY = 2,
  SET_AUDIO_SOURCE_IN_CAR = 3,
  SET_CLIMATE_SETTINGS_IN_CAR = 4,
  SET_DEFROSTER_SETTINGS_IN_CAR = 5,
  SET_SEAT_SETTINGS_IN_CAR = 6,
  SET_PROFILE_IN_CAR = 7,
  SAVE_PROFILE_IN_CAR = 8,
  START_WORKOUT = 9,
  PAUSE_WORKOUT = 10,
  END_WORKOUT = 11,
  CANCEL_WORKOUT = 12,
  RESUME_WORKOUT = 13,
  SET_RADIO_STATION = 14,
  SEND_MESSAGE = 15,
  SEARCH_FOR_MESSAGES = 16,
  SET_MESSAGE_ATTRIBUTE = 17,
  SEND_PAYMENT = 18,
  REQUEST_PAYMENT = 19,
  SEARCH_FOR_PHOTOS = 20,
  START_PHOTO_PLAYBACK = 21,
  LIST_RIDE_OPTIONS = 22,
  REQUEST_RIDE = 23,
  GET_RIDE_STATUS = 24,
}

export interface IOSInput {
  buttonText?: string;
  placeholderText?: string;
}

export interface IOSNotificationCategoryAction {
  id: string;
  title: string;
  input?: true | IOSInput;
  destructive?: boolean;
  foreground?: boolean;
  authenticationRequired?: boolean;
}

export interface IOSNotificationCategory {
  id: string;
  summaryFormat?: string;
  allowInCarPlay?: boolean;
  allowAnnouncement?: boolean;
  hiddenPreviewsShowTitle?: boolean;
  hiddenPreviewsShowSubtitle?: boolean;
  hiddenPreviewsBodyPlaceholder?: string;
  intentIdentifiers?: IOSIntentIdentifier[];
  actions?: IOSNotificationCategoryAction[];
}

interface Module {
  setNotificationCategories(categories: IOSNotificationCategory[]): Promise<void>;
  getNotificationCategories(): Promise<IOSNotificationCategory[]>;
}

declare const notifee: Module & { SDK_VERSION: string };
export default notifee;
